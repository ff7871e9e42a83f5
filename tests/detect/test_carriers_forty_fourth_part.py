"""Agent traffic, forty-fourth part (issues 23 and 24): secrets and names that sit where the earlier readers stopped.

A live key in a second code block after a first block whose indented comment said "example" (the frame stops at a
block's own fence); a Windows home folder written from the drive's root without its letter (``\\Users\\u``,
``.\\Users\\u`` as forensic tools print parents); a function's name that ends with a credential's word
(``sendOtp:``) is an operation, not a slot; a one-time code whose SMS names its sender between "your code" and the
code; a recovery-code list under a heading, its underline and the account's lines; hash dump columns (NT and LM
hashes, the empty password's hashes kept); a card's security code as a form's bracketed field; a login's surname
in file names; DICOM and HL7 names (family^given) outside a message; chat threads that put the time first or head
a message with the author's display name; links that carry their own generated key in the path or the query. The
values here are our own."""

from __future__ import annotations

import pytest

from typing import Any

from coatcheck import Masker, Policy
from coatcheck.detect.chat_authors import ChatAuthorDetector
from coatcheck.detect.one_time_codes import OneTimeCodeDetector
from coatcheck.detect.url_families import UrlFamilyDetector

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_TWO_BLOCKS = """Why does the docs sample work but my terminal gets a 403?

```markdown
## Install (tallyhq-python 2.3.0)
    import tallyhq
    # storage for uploads (example from the vendor docs)
    tallyhq.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
```

```
build@ci-runner-4:~/sync$ TALLY_API_KEY=sk_live_Hq84VbnTzPw2LxM9cRd0sKfJ python push.py
tallyhq.error.AuthenticationError: 403 for account acct_ci
```
"""
_FRAMED_BLOCK = """For example:

```
TALLY_API_KEY=sk_live_Hq84VbnTzPw2LxM9cRd0sKfJ
```
"""
_ROOTED_HOMES = """RecordNumber,ParentPath,FileName
318204,.\\Users\\kwabenam\\Documents,lease_scan.pdf
318205,.\\Users\\Public\\Documents,desktop.ini
318206,.\\Users\\Default\\AppData,ntuser.dat
C:\\> dir \\Users\\ottoline.v\\Desktop
\\\\nas01\\Users\\Public\\scans
"""
_OPERATION_LOG = """2025-03-02T08:11:04.212Z I verifyOtp: rejected attempt uid=5521 channel=sms
2025-03-02T08:11:05.034Z E sendOtp: Error: RateLimitExceeded
2025-03-02T08:11:05.911Z D issueToken: minted for client web
"""
_SLOTS_STILL = """resetToken: "Wq7Tz2Lm9Xv4Kp1Rb8Nc"
signingConfigs { release { storePassword "harbour-Gale-8841" } }
sign_secret = "tulip77x"
exchange_token: "Fq2Lx8Wm4Pz7Kc"
"""
_SMS_CODES = """body="Il tuo codice Ferramenta Gialli è 448213. Non condividerlo."
body="Votre code Atelier Bleu est 208614. Ne le partagez pas."
body="Tu código de Panadería Sol es 551920. No lo compartas."
body="Your code for Brightwell Bank is 730119."
"""
_NOT_CODES = """Your Zip Code is 10115
Your error code Alpha is 5012
Your code Review ID: 88231
Your code for March: 20250
Your code for Python Bootcamp is 4012 lines long
"""
_RECOVERY = """Larchmont ID – Recovery codes
==============================
Account: thandeka.mbeki@example-mail.net
Created: 2025-02-11

 1. wq4zt-8kmnb
 2. p2xrv-hh7cd
 3. 93jfk-ta5ye

Each code works once.
"""
_HASHDUMP = """user\trid\tlmhash\tnthash
Administrator\t500\taad3b435b51404eeaad3b435b51404ee\t9f2d4c61b8e07a3355e1c0d4a7b68f21
Guest\t501\taad3b435b51404eeaad3b435b51404ee\t31d6cfe0d16ae931b73c59d7e0c089c0
"""
_HASH_COLUMN_UPPER = """username,password_hash,api_key
kmbeki,AAD3B435B51404EEAAD3B435B51404EE,AKIAIOSFODNN7EXAMPLE
tvarga,4F1C2B9E0D7A6C5B3E2D1F0A9B8C7D6E,AKIAIOSFODNN7EXAMPLE
"""
_STRIPE_FORM = "amount=2400&currency=eur&card[number]=4111111111111111&card[exp_month]=7&card[cvc]=318&capture=true\n"
_SURNAME_FILES = """user=rosalind.haldorsen host=WS-HR-0412
C:\\Users\\rosalind.haldorsen\\Documents\\Payslip_haldorsen_11.pdf
C:\\Users\\rosalind.haldorsen\\AppData\\Roaming\\Microsoft\\Windows\\Recent\\Haldorsen_contract.lnk
"""
_CARET = """I0317 09:12:44.118 MAIN Handling C-STORE for PatientID=55102 PatientName=BRANDVOLD^INGRID
evt=ORDER_LINKED specimen=2290117 patient="DE LUCA^MARTA" dob=19790312
(0008,0090) PN [Kowalczyk^Marta^^^Dr]
git rebase -i HEAD^ && git diff main^2
E = mc^2; X^T X
"""
_DICOM_TRAILING = "PatientName=HALDORSEN^MARGIT^^\n"
_TIMED_CHAT = """#ops-helpdesk
[09:02] rkowalsky: @tmbeki can you re-run the export?
[09:05] tmbeki: done, sorry
"""
_NAMED_CHAT = """#case-2291
Ingrid Brandvold [14:02]
the dump has the card numbers in clear
Tomasz Wierzbicki [14:09]
purging it now
"""
_TOOL_AND_DECORATOR = """mytoolx  3:40
run the linter
mytoolx  3:41
ok
@dataclass
class Row: pass
"""
_COMPONENT_LOG = """[12:00:01] celerybeat: started
[12:00:02] celerybeat: ready
[12:00:03] etcdx: up
"""
_LOG_CLEAN = """[12:00:01] worker: started
[12:00:02] worker: done
[12:00:03] scheduler: idle
Build Started  09:41
ok
Deploy Finished  10:02
done
"""
_LINKS = """Pay online: https://pay.larchmont-credit.example/portal/pay/Zq8VbN2xKp4WmT7rLd5Y
Your shift: https://rota.carewell.example/shift/40112?k=Tg7Bx2QmV9pLz4Kc8Wn1
"""
_WORKLIST = """Fall\tBlock\tPatient\tFallnr.\tBearbeitung\tFällig
H25-1102\tA1\tBrandvold, Ingrid\t7730412\tl.okafor\t2025-03-02
H25-1107\tA3\tWierzbicki, Tomasz\t7730419\tmkessler\t2025-03-04
H25-1111\tA2\tHaldorsen, Margit\t7730425\tl.okafor\t2025-03-05
"""
_TEAM_TABLE = """first_name,last_name,team,module
Margit,Haldorsen,platform_core,core.utils
Tomasz,Wierzbicki,data_eng,web.views
"""
_SKIPPED_PARAMS = ("https://paga.larchmont-credit.example/p?c=Hq4Vz8Kb2Xm7Lt5Nw9Pr"
                   "&state=Rt6Yb3Mz9Kq2Wx5Lp8Vn&utm_content=Jk7Pw2Xq9Lm4Vb8Nz3Tc\n")
_PUBLIC_LINKS = """https://docs.example.org/reference/getUserAccountSettingsForAdmin
https://files.pythonhosted.org/packages/3b/2c/4f1a8e0c9b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d/requests-2.31.0.tar.gz
https://www.example.com/blog/XMLHttpRequestUploadProgress
"""


@pytest.mark.parametrize(("text", "value"), [
    (_TWO_BLOCKS, "sk_live_Hq84VbnTzPw2LxM9cRd0sKfJ"),
    (_ROOTED_HOMES, "kwabenam"),
    (_ROOTED_HOMES, "ottoline.v"),
    (_SLOTS_STILL, "Wq7Tz2Lm9Xv4Kp1Rb8Nc"),
    (_SLOTS_STILL, "harbour-Gale-8841"),
    (_SMS_CODES, "448213"),
    (_SMS_CODES, "208614"),
    (_SMS_CODES, "551920"),
    (_SMS_CODES, "730119"),
    (_RECOVERY, "wq4zt-8kmnb"),
    (_RECOVERY, "p2xrv-hh7cd"),
    (_RECOVERY, "93jfk-ta5ye"),
    (_HASHDUMP, "9f2d4c61b8e07a3355e1c0d4a7b68f21"),
    (_HASH_COLUMN_UPPER, "4F1C2B9E0D7A6C5B3E2D1F0A9B8C7D6E"),
    (_STRIPE_FORM, "318"),
    (_SURNAME_FILES, "Haldorsen"),
    (_CARET, "BRANDVOLD^INGRID"),
    (_CARET, "DE LUCA^MARTA"),
    (_CARET, "Kowalczyk^Marta"),
    (_TIMED_CHAT, "rkowalsky"),
    (_NAMED_CHAT, "Ingrid Brandvold"),
    (_NAMED_CHAT, "Tomasz Wierzbicki"),
    (_LINKS, "Zq8VbN2xKp4WmT7rLd5Y"),
    (_SLOTS_STILL, "tulip77x"),
    (_SLOTS_STILL, "Fq2Lx8Wm4Pz7Kc"),
    (_DICOM_TRAILING, "HALDORSEN^MARGIT"),
    (_SKIPPED_PARAMS, "Hq4Vz8Kb2Xm7Lt5Nw9Pr"),
    (_WORKLIST, "l.okafor"),
    (_WORKLIST, "mkessler"),
    (_LINKS, "Tg7Bx2QmV9pLz4Kc8Wn1"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize(("text", "value"), [
    (_TWO_BLOCKS, "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),  # Stripe's documented test key
    (_FRAMED_BLOCK, "sk_live_Hq84VbnTzPw2LxM9cRd0sKfJ"),  # a block "For example:" introduces stays an example
    (_ROOTED_HOMES, "Public"),
    (_ROOTED_HOMES, "Default"),
    (_ROOTED_HOMES, "lease_scan.pdf"),
    (_OPERATION_LOG, "rejected"),
    (_OPERATION_LOG, "Error"),
    (_OPERATION_LOG, "minted"),
    (_NOT_CODES, "10115"),
    (_NOT_CODES, "5012"),
    (_RECOVERY, "2025-02-11"),
    (_HASHDUMP, "aad3b435b51404eeaad3b435b51404ee"),  # the LM hash of no password: a public constant
    (_HASHDUMP, "31d6cfe0d16ae931b73c59d7e0c089c0"),  # the NT hash of the empty password
    (_HASHDUMP, "500"),
    (_HASH_COLUMN_UPPER, "AAD3B435B51404EEAAD3B435B51404EE"),
    (_HASH_COLUMN_UPPER, "AKIAIOSFODNN7EXAMPLE"),  # AWS's documented example key, in a key column
    (_STRIPE_FORM, "2400"),
    (_SURNAME_FILES, "WS-HR-0412"),
    (_SURNAME_FILES, "contract"),
    (_CARET, "HEAD^"),
    (_CARET, "main^2"),
    (_CARET, "mc^2"),
    (_CARET, "X^T"),
    (_CARET, "2290117"),
    (_LOG_CLEAN, "worker"),
    (_LOG_CLEAN, "scheduler"),
    (_LOG_CLEAN, "Build Started"),
    (_LOG_CLEAN, "Deploy Finished"),
    (_PUBLIC_LINKS, "getUserAccountSettingsForAdmin"),
    (_NOT_CODES, "88231"),
    (_NOT_CODES, "20250"),
    (_NOT_CODES, "4012"),
    (_TOOL_AND_DECORATOR, "mytoolx"),
    (_COMPONENT_LOG, "celerybeat"),
    (_COMPONENT_LOG, "etcdx"),
    (_SKIPPED_PARAMS, "Rt6Yb3Mz9Kq2Wx5Lp8Vn"),
    (_SKIPPED_PARAMS, "Jk7Pw2Xq9Lm4Vb8Nz3Tc"),
    (_SKIPPED_PARAMS, "larchmont-credit.example"),
    (_WORKLIST, "H25-1102"),
    (_TEAM_TABLE, "platform_core"),
    (_TEAM_TABLE, "core.utils"),
    (_PUBLIC_LINKS, "4f1a8e0c9b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d"),
    (_PUBLIC_LINKS, "XMLHttpRequestUploadProgress"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize(("detector", "text", "value"), [
    (OneTimeCodeDetector(), _SMS_CODES, "448213"),
    (OneTimeCodeDetector(), _SMS_CODES, "551920"),
    (OneTimeCodeDetector(), _RECOVERY, "wq4zt-8kmnb"),
    (ChatAuthorDetector(), _TIMED_CHAT, "rkowalsky"),
    (ChatAuthorDetector(), _NAMED_CHAT, "Tomasz Wierzbicki"),
    (UrlFamilyDetector(), _SKIPPED_PARAMS, "Hq4Vz8Kb2Xm7Lt5Nw9Pr"),
    (UrlFamilyDetector(), _LINKS, "Tg7Bx2QmV9pLz4Kc8Wn1"),
])
def test_the_stage_that_reads_it(detector: Any, text: str, value: str) -> None:
    """Each class is read by the stage this part extends, not by a neighbour that happened to catch it."""
    start = text.index(value)
    assert any(s.start == start and s.end == start + len(value) for s in detector.detect(text))


def test_login_surname_in_file_names(masker: Masker) -> None:
    start = _SURNAME_FILES.index("Payslip_haldorsen") + len("Payslip_")
    assert any(s.start <= start and start + 9 <= s.end for s in masker.pipeline.detect(_SURNAME_FILES))


@pytest.mark.parametrize("text", [_DICOM_TRAILING, _SKIPPED_PARAMS, _TWO_BLOCKS, _ROOTED_HOMES, _SMS_CODES, _RECOVERY, _HASHDUMP, _STRIPE_FORM,
                                  _SURNAME_FILES, _CARET, _TIMED_CHAT, _NAMED_CHAT, _LINKS])
def test_round_trip(text: str) -> None:
    m = Masker(policy=Policy.builtin("agent"))
    masked = m.mask(text)
    assert masked.text != text and m.restore(masked.text) == text
