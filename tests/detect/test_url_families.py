"""URLs that are credentials as a whole: masked from the scheme to the end by host and path family, whatever the
token's shape; documentation URLs and placeholders stay."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.url_families import UrlFamilyDetector, credential_family, families, private_family

CREDENTIAL = [
    ("slack", "https://hooks.slack.com/services/TQ1W2E3R4/BZX9C8V7/a1B2c3D4e5F6g7H8"),
    ("slack", "https://hooks.slack.com/workflows/T01ABCD2E/A02BCDE3F/456789012/q8W7e6R5t4Y3"),
    ("discord", "https://ptb.discord.com/api/webhooks/1234567/short-token-here-Zq9"),
    ("teams", "https://outlook.office.com/webhook/5b3c2a10-aaaa-4b1c-9d2e-0f1e2d3c4b5a@1c2d/IncomingWebhook/ab12/cd34"),
    ("power-automate", "https://prod-27.westeurope.logic.azure.com:443/workflows/9f8e/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers&sv=1.0&sig=Qw3rTy7uIoP9aSdF"),
    ("google-chat", "https://chat.googleapis.com/v1/spaces/AAAAxyz123/messages?key=AIzaQwErTy12345&token=pL9kJ8hG7fD6"),
    ("zapier", "https://hooks.zapier.com/hooks/catch/1234567/abc9de/"),
    ("ifttt", "https://maker.ifttt.com/trigger/backup_done/with/key/d3Fg5Hj7Kl9"),
    ("pipedream", "https://en4x7qz2m1k0p9.m.pipedream.net"),
    ("make", "https://hook.us1.make.com/q1w2e3r4t5y6u7i8o9p0"),
    ("n8n", "https://acme.app.n8n.cloud/webhook/3f2e1d0c-9b8a-4766-8554-433221100fed"),
    ("feishu-lark", "https://open.feishu.cn/open-apis/bot/v2/hook/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
    ("dingtalk", "https://oapi.dingtalk.com/robot/send?access_token=9a8b7c6d5e4f3a2b1c0d"),
    ("telegram-bot", "https://api.telegram.org/bot123456:AAF-q1w2e3r4t5y6/sendMessage"),
    ("gitlab-trigger", "https://git.example.org/api/v4/projects/42/trigger/pipeline?token=3a4b5c6d7e8f9a0b&ref=main"),
    ("jenkins-trigger", "https://ci.example.org/job/deploy/job/prod/buildWithParameters?token=Zx8Cv7Bn6M"),
    ("azure-sas", "https://acct1.blob.core.windows.net/backups/db.bak?sv=2022-11-02&se=2026-12-02&sp=r&sig=Ab3dEf6hIj9%2BkL"),
    ("s3-presigned", "https://bucket-1.s3.eu-west-1.amazonaws.com/a/b.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=9f8e7d6c5b4a39281706"),
    ("self-hosted-hook", "https://chat.example.io/hooks/q8w7e6r5t4y3u2i1o0pzz"),
]

KEPT = [
    "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "https://api.slack.com/messaging/webhooks",
    "https://docs.github.com/en/webhooks/using-webhooks/creating-webhooks",
    "https://discord.com/developers/docs/resources/webhook",
    "https://hooks.zapier.com/hooks/catch/{id}/{token}/",
    "https://ci.example.org/job/deploy/build",
    "https://bucket-1.s3.amazonaws.com/a/b.csv",
    "https://example.com/webhooks/settings",
    "http://localhost:3000/api/webhooks/github-events-v2",
    "http://localhost:8080/webhooks/q8w7e6r5t4y3u2i1o0pzz",
    "https://docs.example.com/hooks/useState2024",
    "https://api.example.com/webhooks/stripe_v2_handler",
]


@pytest.mark.parametrize(("family", "url"), CREDENTIAL)
def test_a_credential_url_is_masked_whole(family: str, url: str) -> None:
    assert credential_family(url) == family
    text = f'notify:\n  url: "{url}"\n'
    masker = Masker()
    result = masker.mask(text)
    assert url not in result.text
    assert not any(piece in result.text for piece in url.split("/")[3:] if len(piece) >= 8)
    assert masker.restore(result.text) == text


@pytest.mark.parametrize("url", KEPT)
def test_documentation_and_placeholder_urls_stay(url: str) -> None:
    assert credential_family(url) is None


def test_the_url_ends_before_sentence_punctuation() -> None:
    text = "Post to https://hooks.zapier.com/hooks/catch/1234567/abc9de/. Thanks"
    spans = UrlFamilyDetector().detect(text)
    assert [text[s.start:s.end] for s in spans] == ["https://hooks.zapier.com/hooks/catch/1234567/abc9de/"]


def test_every_family_compiles_and_is_named_once() -> None:
    ids = [f.id for f in families("credential_urls.toml")]
    assert len(ids) == len(set(ids)) >= 20


PRIVATE = [
    ("google-meet", "https://meet.google.com/qrv-hgtk-wmz"),
    ("zoom", "https://acme-corp.zoom.us/j/84123456709?pwd=aB3dE6gH9jK2mN5pQ8"),
    ("teams-meeting", "https://teams.microsoft.com/l/meetup-join/19%3ameeting_ZmQ4Y2E1@thread.v2/0?context=%7b%22Tid%22%7d"),
    ("webex", "https://acme.webex.com/meet/r.lindqvist"),
    ("meeting-rooms", "https://whereby.com/lindqvist-room"),
    ("sharepoint", "https://contoso-my.sharepoint.com/:x:/g/personal/r_lindqvist_contoso_com/EaBcDeFgHiJk"),
    ("sharepoint", "https://brightfreight-my.sharepoint.com/personal/nuria_b_brightfreight_com/Documents/handover.xlsx"),
    ("onedrive", "https://1drv.ms/x/s!AkQ9zZ3lG8fHgQ"),
    ("transfer", "https://we.tl/t-q8W7e6R5t4"),
    ("profile", "https://www.xing.com/profile/Rosa_Lindqvist"),
    ("booking", "https://calendly.com/rlindqvist/intro-call"),
    ("profile", "https://de.linkedin.com/in/rosa-lindqvist-4b2a91"),
    ("social-profile", "https://x.com/rosalindq"),
    ("at-profile", "https://fosstodon.org/@rlindqvist"),
    ("zoom", "https://us06.web.zoom.us/j/81234509876?pwd=Qa7Zx2Lm9Pw4Rt6Yb3"),
    ("person-page", "https://forum.lindqvist-lab.se/users/rosa_l/activity"),
    ("person-page", "https://acme.atlassian.net/wiki/people/5d3f0a9e7c21b84f6e1a"),
    ("avatar", "https://avatars.acme-tools.io/9f2c61a0b3e4?s=96&v=4"),
    ("avatar", "https://lh3.googleusercontent.com/a/ACg8ocQz71mLp0wXv"),
    ("capability-link", "https://pay.example-payments.io/receipts/payment/Kq7tWmZ2vRx9LpNc4BdF"),
]

PUBLIC = [
    "https://meet.google.com/xxx-xxxx-xxx",
    "https://calendly.com/blog/scheduling-tips",
    "https://cal.com/docs/introduction",
    "https://contoso.sharepoint.com/sites/Engineering",
    "https://learn.microsoft.com/en-us/sharepoint/dev/",
    "https://zoom.us/pricing",
    "https://support.zoom.us/s/article/201362193-Joining-a-meeting",
    "https://calendar.google.com/calendar/u/0/r",
    "https://www.linkedin.com/company/acme",
    "https://calendly.com/integrations",
    "https://x.com/home",
    "https://unpkg.com/@babel/core",
    "https://docs.google.com/document/d/<doc-id>/edit",
    "https://support.google.com/meet/answer/9303069",
    "https://pypdf.readthedocs.io/en/latest/user/suppress-warnings.html",
    "https://api.github.com/users/me",
    "https://github.com/pallets/flask/commit/8f2a9c1e3b7d4a6f0e5c2b1a9d8e7f6a5b4c3d2e",
    "https://huggingface.co/TheBloke/Llama-2-7B-Chat-GGUF",
    "https://example.org/docs/getUserAccountSettings/overview",
    "https://example.com/api/v1/users/{id}",
]


@pytest.mark.parametrize(("family", "url"), PRIVATE)
def test_a_private_link_is_masked_whole(family: str, url: str) -> None:
    assert private_family(url) == family
    text = f"Notes from the call, recording and slides: {url} (see you Friday)"
    masker = Masker()
    result = masker.mask(text)
    assert url not in result.text and "(see you Friday)" in result.text
    assert masker.restore(result.text) == text


@pytest.mark.parametrize("url", PUBLIC)
def test_public_pages_and_placeholders_stay(url: str) -> None:
    assert private_family(url) is None


@pytest.mark.parametrize("url", [
    "https://docs.google.com/spreadsheets/d/1QwErTyUiOp-AsDfGhJkL_zXcVbNm12345/edit#gid=0",
    "https://drive.google.com/file/d/1ZyXwVuTsRqPoNmLkJiHgFeDcBa98765/view?usp=sharing",
    "https://www.dropbox.com/scl/fi/q7w8e9r0t1y2kk/budget.xlsx?rlkey=abc123&dl=0",
])
def test_share_links_of_any_host_are_masked_by_their_path(url: str) -> None:
    assert url not in Masker().mask(f"slides: {url} thanks").text
