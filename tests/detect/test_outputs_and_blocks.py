"""Secrets where a command prints them or a block names them, and what those carriers hold that is no secret:
secret stores read out, ``net use`` passwords, a block's default under a credential name, a key introduced earlier in
its sentence; public keys, ciphertexts, a container's user, an application's own account, a cloud account in an ARN."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "secret"), [
    ("$ kubectl -n payments get secret payments-env -o jsonpath='{.data.DB_PASSWORD}' | base64 -d; echo\n"
     "saffronOrchid10.\n$ kubectl -n payments get pods\n", "saffronOrchid10."),
    ("$ vault kv get -field=password secret/app\nGraniteNebula635\n", "GraniteNebula635"),
    ("$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text\nkT4-harbour-Velvet\n",
     "kT4-harbour-Velvet"),
    ("$ echo $DB_PASSWORD\nlantern-Otter-881\n", "lantern-Otter-881"),
    ("C:\\Users\\hk>net use Z: \\\\FS01\\Projekte /user:CORP\\hk saffronMarble818? /persistent:yes\n", "saffronMarble818?"),
    ("C:\\>net use \\\\FS01\\IPC$ Tundra-4417x /user:admin\n", "Tundra-4417x"),
    ("Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: \"tangerine-walnut-saffron-lantern8\"\n",
     "tangerine-walnut-saffron-lantern8"),
    ('variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "walnut-saffron-lantern8"\n}\n',
     "walnut-saffron-lantern8"),
    ("I rotated the key yesterday, the new one is 471b7c2fa4368fa32662e90432f193e8 — can you check the client?\n",
     "471b7c2fa4368fa32662e90432f193e8"),
    ("El token que tenemos en producción es 39d5b583d29c76d7f7969783302f2de9; lo regeneramos el viernes.\n",
     "39d5b583d29c76d7f7969783302f2de9"),
    ('SECRET_KEY = "(j*c#w+(a(2r%d!f#3s(##ep8^on3fak%#c(+@9yy7w-sw*exv"\n', "(j*c#w+(a(2r%d!f#3s(##ep8^on3fak%#c(+@9yy7w-sw*exv"),
])
def test_the_secret_is_masked(text: str, secret: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert secret not in masked.text, masked.text
    assert m.restore(masked.text) == text


@pytest.mark.parametrize("text", [
    'variable "region" {\n  default = "eu-west-1"\n}\n',
    "Parameters:\n  Env:\n    Type: String\n    Default: production-eu\n",
    "The sha256 of the key file we ship is 571b7c2fa4368fa32662e90432f193e8 now.\n",
    "The commit that fixed the token bug is 671b7c2fa4368fa32662e90432f193e8\n",
    "$ echo $HOME\n/home/runner\n",
    "$ echo $TOKENIZER\nbert-base-uncased\n$ echo $SECRETS_BACKEND\nvault-kv2\n",
    "admin_users:\n  - name: deploy\n    ssh_key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIjs3A+VVFmy0j5V+5/uLVX/CHXzotDsJeVYtOce8B7xg deploy@bastion\"\n",
    "encryptionsalt: v1:ziZaUIOweBg=:v1:+wg0/y8fx69vEEsr:xGFzWM+Pod7AW39/Mkpzvg==\nconfig:\n  webapp:dbPassword:\n"
    "    secure: v1:SlWAV9ZlGK0Z8plk:BSdhE2a3cISo6A9tP0wYVGIlGklVleHpCUeisAC22dUCoqmVgiSNYg==\n",
    "FROM node:20-slim\nCOPY --from=build /app/dist ./dist\nUSER nonroot\nCMD [\"dist/server.js\"]\n",
    'DATABASES = {\n    "default": {\n        "NAME": "fieldnotes",\n        "USER": "fieldnotes",\n    }\n}\n',
    "app_home: /srv/shop\npostgres_host: db01.lan\npostgres_user: shop\n",
])
def test_what_those_carriers_show_that_is_no_secret_stays(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize(("text", "value"), [
    ("admin_users:\n  - name: serena\n    ssh_key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIlOBma6Lf1JlPnCU3HRl+4MbYl6Vwkg8J/04U "
     "serena.ferraresi@ferrovie-lombarde.it\"\n", "serena.ferraresi@ferrovie-lombarde.it"),
    ('{"user_profile": {"name": "aubriote", "real_name": "Élodie Aubriot"}, "user": "U05A1B2C3"}\n', "Aubriot"),
    ("FROM python:3.12\nRUN useradd -m mrossi\nUSER mrossi\n", "USER mrossi"),
    ("ssh -i ~/.ssh/mrossi.pem mrossi@81.2.69.160\n", "mrossi@"),
    ('psql "host=db.internal dbname=kwagner user=kwagner password=Tr0ub4dor&3"\n', "user=kwagner"),
    ("$ echo -n \"$DB_PASSWORD\"\npurple-monkey-dishwasher\n", "purple-monkey-dishwasher"),
    ("$ docker exec db printenv POSTGRES_PASSWORD\npurple-monkey-dishwasher\n", "purple-monkey-dishwasher"),
    ("$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\npurple-monkey-dishwasher\"x\n", "dishwasher"),
    ('Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: "blue#fish2024"\n', "blue#fish2024"),
    ('variable "db_password" {\n  type      = string\n  default   = "blue\\"fish2024x"\n}\n', "fish2024x"),
    ("  504  docker login -u grant.marchbanks -p dckr_pat_fHkA5Yo16vhuG4PWmhHHs9wET7k\n"
     "  505  docker build -t grant.marchbanks/ingest:0.4.2 .\n", "grant.marchbanks"),
])
def test_the_personal_value_beside_them_is_still_masked(text: str, value: str) -> None:
    assert value not in Masker().mask(text).text
