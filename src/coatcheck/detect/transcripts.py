"""Logins and passwords in the transcripts of mail and file-transfer sessions: what ``swaks``, ``openssl s_client``,
``curl -v``, ``smtplib``'s debug output, an FTP client's log or a hand-typed telnet session show of the sign-in.

- the FTP client asks ``Name (host:localuser):`` and echoes the login typed after it;
- FTP and POP3 send ``USER <login>`` then ``PASS <password>`` (RFC 959 §4.1.1, RFC 1939 §7): the password is the
  rest of its line; it counts once a ``USER`` line (or FTP's ``331`` reply) precedes it, so that a test runner's
  ``PASS`` verdicts never do.
- IMAP's ``<tag> LOGIN <user> <password>`` (RFC 9051 §6.2.3): two atoms or quoted strings.
- SMTP's ``AUTH LOGIN`` (draft-murchison-sasl-login): the server asks ``334 VXNlcm5hbWU6`` ("Username:") and
  ``334 UGFzc3dvcmQ6`` ("Password:") in base64, and the client's next line answers in base64; ``AUTH PLAIN`` (and
  IMAP's ``AUTHENTICATE PLAIN``) sends ``\\0login\\0password`` in base64 (RFC 4616), on its line or after an empty
  ``334``/``+`` challenge: the whole answer is the secret.

- Redis's ``AUTH [username] password`` (redis.io, AUTH): typed at redis-cli's ``host:port>`` prompt, or as
  ``MONITOR`` prints each command (``1701954123.123456 [0 10.0.0.5:51234] "AUTH" "…"``): the last argument.

A line may carry the sign the tool prints before what the client sent (``C:``, ``->``, ``~>``, ``>``, ``send: '``).
"""

from __future__ import annotations

import base64
import binascii

import regex

from ..spans import Span
from .keep import kept_by
from .lines import lines

TRANSCRIPTS = "transcripts"
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_path")
# what a tool prints before the client's line: swaks (-> ~>), curl -v (>), a hand-written C:/S: log, smtplib's
# debug ("send: 'AUTH PLAIN …\r\n'", "send: b'…'"), PHPMailer ("CLIENT -> SERVER: "), ">>>"; each run of blanks read
# once (possessive), so that a long indentation costs its length
_CLIENT = r"[ \t]*+(?:(?:C:|->|~>|>>>|>>|>|\*?[ \t]*+send:[ \t]*+b?['\"]|CLIENT -> SERVER:)[ \t]*+)?"
_SERVER = r"[ \t]*+(?:(?:S:|<-|<~|<<<|<<|<|reply:[ \t]*+b?['\"]|SERVER -> CLIENT:)[ \t]*+)?\*?[ \t]*+"
_END = r"[ \t]*+(?:\\r\\n['\"]?)?\r?$"
# the verbs as the protocols write them, in capitals and one blank before the argument: "User settings", "pass
# through" are no commands, and a test runner's " PASS  src/app.test.js" pads its verdict with two
_USER = regex.compile(rf"{_CLIENT}USER[ \t]++(?P<v>[^\s'\"\\]{{1,64}}){_END}")
_PASS = regex.compile(rf"{_CLIENT}PASS[ \t](?P<v>[^\s#\[(](?:[^\n\r\\]{{0,200}}?\S)?){_END}")
_ATOM = r"(?:\"(?P<{0}q>(?:[^\"\\\n]|\\.){{1,200}})\"|(?P<{0}>[^\s\"(){{%*\\]{{1,200}}))"
# an IMAP tag as clients write them: a1, A001, 1, "." (not a word: "Fix login redirect loop")
_TAG = r"(?:[A-Za-z]{1,4}\d{1,6}|\d{1,6}|\.)"
_IMAP_LOGIN = regex.compile(
    rf"{_CLIENT}{_TAG}[ \t]++(?:LOGIN|login)[ \t]++{_ATOM.format('u')}[ \t]++{_ATOM.format('p')}[ \t]*+\r?$")
_IMAP_SESSION = regex.compile(r"(?m)^[ \t]*+(?:\* OK|\S{1,10} (?:OK|NO|BAD)\b)")
_B64 = r"(?P<v>[A-Za-z0-9+/]{8,400}={0,2})"
_AUTH_INLINE = regex.compile(rf"{_CLIENT}(?:{_TAG}[ \t]++AUTHENTICATE|AUTH)[ \t]++(?P<mech>PLAIN|LOGIN)[ \t]++{_B64}{_END}")
_AUTH_ALONE = regex.compile(rf"{_CLIENT}(?:{_TAG}[ \t]++AUTHENTICATE|AUTH)[ \t]++PLAIN{_END}")
# the server's challenge, base64 of "Username:" / "Password:" in either case, or the empty one of AUTH PLAIN
_CHALLENGE = regex.compile(rf"{_SERVER}(?:334|\+)(?:[ \t]++(?P<c>[A-Za-z0-9+/]{{4,40}}={{0,2}}))?{_END}")
_ANSWER = regex.compile(rf"{_CLIENT}{_B64}{_END}")
# what a debug log prints between the challenge and the answer (smtplib: "reply: retcode (334); Msg: b'…'")
_BETWEEN = regex.compile(r"[ \t]*+reply:[ \t]*+retcode")
# the FTP client's own prompt: "Name (ftp.example.org:corrado): greenfinch" (the local login, then what was typed)
_FTP_NAME = regex.compile(r"(?m)^Name \([^\s():]{1,253}:(?P<u>[A-Za-z_][\w.-]{0,63})\):[ \t]*+(?P<v>[A-Za-z_][\w.@+-]{0,63})?[ \t]*+\r?$")
_ANONYMOUS = frozenset({"anonymous", "ftp", "guest"})  # anonymous FTP (RFC 1635): no one's login
# a server's answer to USER: FTP asks for the password (331), POP3 says +OK, a login may succeed at once (230)
_USER_REPLY = regex.compile(rf"{_SERVER}(?:331|230|\+OK)\b")
_ASKS_PASSWORD = regex.compile(rf"{_SERVER}331\b")
_WINDOW = 6  # lines between USER and its PASS (server replies, banners)
# redis-cli's prompt (host:port, a database index in brackets, "not connected") and a command it was given; MONITOR's
# line: a timestamp, [db client-address], then each argument in double quotes
_REDIS_PROMPT = regex.compile(
    r"(?m)^[ \t]*+(?:[\w.-]{1,253}|\[[0-9A-Fa-f:]{2,45}\]):\d{1,5}(?:\[\d{1,2}\])?>[ \t]++(?i:AUTH)[ \t]++"
    r"(?:[^\s\"']{1,64}[ \t]++)?(?:\"(?P<q>(?:[^\"\\\n]|\\.){1,200})\"|(?P<v>[^\s\"']{1,200}))[ \t]*+\r?$")
_REDIS_MONITOR = regex.compile(
    r"(?m)^[ \t]*+\d{9,11}\.\d{1,6}[ \t]++\[\d{1,3}[ \t]++[^\]\n]{1,80}\][ \t]++\"(?i:auth)\""
    r"(?:[ \t]++\"(?:[^\"\\\n]|\\.){0,200}\")?[ \t]++\"(?P<q>(?:[^\"\\\n]|\\.){1,200})\"[ \t]*+\r?$")


def _a_login(text: str, s: int, e: int) -> bool:
    """``text[s:e]`` is someone's login: no anonymous FTP account, service account, template or placeholder."""
    return text[s:e].lower() not in _ANONYMOUS and kept_by(text, s, e, (*_KEEPS, "is_service_username")) is None


def _decoded(value: str) -> bytes | None:
    try:
        return base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _asks(challenge: str | None) -> str:
    """"user", "password" or "" for a 334 challenge's decoded question."""
    if not challenge:
        return ""
    raw = _decoded(challenge)
    word = raw.decode("latin-1").strip().rstrip(":").lower() if raw else ""
    return "user" if word in ("username", "user", "login") else "password" if word in ("password", "passwort") else ""


class TranscriptDetector:
    """Finds the login and the password a mail or file-transfer client sent (module docstring)."""

    name = TRANSCRIPTS
    produces = frozenset({"username", "secret"})

    def detect(self, text: str) -> list[Span]:
        """The credentials of ``text``'s client lines."""
        if not any(w in text for w in ("PASS ", "LOGIN", "login", "AUTH", "334", "Name (", "auth")):
            return []
        out: list[Span] = []
        if "auth" in text.lower():
            for pattern in (_REDIS_PROMPT, _REDIS_MONITOR):
                for m in pattern.finditer(text):
                    s, e = m.span("q") if m.group("q") is not None else m.span("v")
                    if e - s >= 4 and kept_by(text, s, e, _KEEPS) is None:
                        out.append(Span(s, e, "secret", f"{self.name}:redis", 0.85))
        if "Name (" in text:
            for m in _FTP_NAME.finditer(text):
                for g in ("u", "v"):
                    s, e = m.span(g)
                    if s >= 0 and _a_login(text, s, e):
                        out.append(Span(s, e, "username", f"{self.name}:ftp-prompt", 0.8))
        rows = list(lines(text))
        imap = None  # whether the text reads as an IMAP session (asked once, at the first LOGIN line)
        asked = ""  # what the last server challenge asked for
        plain = False  # an AUTH PLAIN without its answer: the next empty challenge asks for it
        users: list[int] = []  # the indices of USER lines a server reply or a PASS line confirms
        for i, (ls, le) in enumerate(rows):
            line = text[ls:le]
            if asked and _BETWEEN.match(line):
                continue  # smtplib's second line about the same reply
            if asked and (m := _ANSWER.match(line)) is not None and _decoded(m.group("v")) is not None:
                s, e = m.span("v")
                if asked != "user" or kept_by(line, s, e, _KEEPS) is None:
                    out.append(Span(ls + s, ls + e, "secret" if asked != "user" else "username", f"{self.name}:sasl", 0.85))
                asked = ""
                continue
            asked = ""
            if (m := _CHALLENGE.match(line)) is not None:
                asked = _asks(m.group("c")) if m.group("c") else ("plain" if plain else "")
                continue
            plain = _AUTH_ALONE.match(line) is not None
            if (m := _USER.match(line)) is not None:
                if self._confirmed(text, rows, i):
                    users.append(i)
                    s, e = m.span("v")
                    if "@" not in m.group("v") and _a_login(line, s, e):
                        out.append(Span(ls + s, ls + e, "username", f"{self.name}:user", 0.8))
            elif (m := _PASS.match(line)) is not None:
                if users and i - users[-1] <= _WINDOW or i and _ASKS_PASSWORD.match(text, *rows[i - 1]) is not None:
                    s, e = m.span("v")
                    if kept_by(line, s, e, _KEEPS) is None:
                        out.append(Span(ls + s, ls + e, "secret", f"{self.name}:pass", 0.85))
            elif (m := _IMAP_LOGIN.match(line)) is not None:
                if imap is None:
                    imap = _IMAP_SESSION.search(text) is not None or "imap" in text.lower()
                if not imap:
                    continue
                us, ue = m.span("uq") if m.group("uq") is not None else m.span("u")
                ps, pe = m.span("pq") if m.group("pq") is not None else m.span("p")
                if kept_by(line, ps, pe, _KEEPS) is None:
                    out.append(Span(ls + ps, ls + pe, "secret", f"{self.name}:imap", 0.85))
                    if "@" not in line[us:ue] and _a_login(line, us, ue):
                        out.append(Span(ls + us, ls + ue, "username", f"{self.name}:imap", 0.8))
            elif (m := _AUTH_INLINE.match(line)) is not None and _decoded(m.group("v")) is not None:
                s, e = m.span("v")
                login = m.group("mech") == "LOGIN"
                out.append(Span(ls + s, ls + e, "username" if login else "secret", f"{self.name}:sasl", 0.85))
        return out

    @staticmethod
    def _confirmed(text: str, rows: list[tuple[int, int]], i: int) -> bool:
        """The USER line at ``rows[i]`` is a session's: a server's reply to it or a PASS line follows closely (a
        Dockerfile's ``USER app`` has neither)."""
        for ls, le in rows[i + 1:i + 1 + _WINDOW]:
            if _USER_REPLY.match(text, ls, le) is not None or _PASS.match(text[ls:le]) is not None:
                return True
        return False
