"""What clean carriers show that is no secret and nobody's data (issues 23, 24, seventh part): references to a
secret instead of the secret, digests under a hash key, cloud account ids, tool and role names where a login could
stand, generated schema names, versions in a banner, template addresses."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize("text", [
    # where a secret is kept, not the secret
    "datasources:\n  - name: pg\n    user: grafana\n    secureJsonData:\n      password: $__file{/run/secrets/pg_pass}\n",
    '[Service]\nEnvironment="SENTRY_API_KEY=%d/sentry_api_key"\nLoadCredential=sentry_api_key:/etc/creds/sentry_api_key\n',
    "gcloud run deploy api --set-secrets 'SMTP_PASSWORD=smtp-password:latest,API_TOKEN=api-token:latest'\n",
    "withCredentials([usernamePassword(credentialsId: 'nexus', usernameVariable: 'NX_USER', passwordVariable: 'NX_PW')]) {\n",
    '      ~ secret_arn = "arn:aws:secretsmanager:eu-central-1:731955401112:secret:billing/smtp-Qx8vPa"\n',
    '{"requestParameters": {"secretId": "arn:aws:secretsmanager:eu-central-1:731955401112:secret:billing/smtp-Qx8vPa"}}\n',
    # digests under a key that says so
    '      "hashed_secret": "0d3c1f6a7be2e4f9981a33d7c4b65e2a0f1c8d97",\n      "is_verified": false,\n',
    "password_sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n",
    # encrypted on purpose
    "env:\n  global:\n    - secure: \"" + "Kq3v9Zx0L8mW2pR7tY4nB6cF1hJ5dS0aE9uI3oP7lK2jH8gF4dS6aZ1xC5vB9nM3qW7eR2tY8uI4oP0aS6dF2gH"
    "5jK9lZ3xC7vB1nM5qW9eR3tY7uI1oP5aS9dF3gH7jK1lZ5xC9vB3nM7qW1eR5tY9uI3oP7aS1dF5gH9jK3lZ7xC1vB5nM9=\"\n",
    "db:\n    user: ENC[AES256_GCM,data:Qmp9x6MyY1Q=,iv:Zm9vYmFyYmF6cXV4cXV1eA==,tag:YWJjZGVmZ2hpamtsbW5vcA==,type:str]\n",
    "|1|Fq0wZ6PzH3mNq9tYbV2cXs8RkLo=|Jd7rT1vWq3eYp5sKzN0gHc2mBxA= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY=\n",
    # AWS account ids: an organisation's cloud account, not a person (and not secret)
    '{"UserId": "AROAEXAMPLEROLEID", "Account": "731955401112", "Arn": "arn:aws:sts::731955401112:assumed-role/deploy/ci"}\n',
    "AWS_ACCOUNT_ID=731955401112\n",
    # names of roles, tools, options and packages where a login could stand
    '"userIdentity": {"type": "AssumedRole", "sessionContext": {"sessionIssuer": {"userName": "lambdaOrdersIngestRole"}}}\n',
    '<changeSet id="2025-02-01-add-index" author="flyway">\n',
    "$ npm i --save-dev prisma@latest typeorm@^0.3.20\n",
    "$ openssl x509 -in tls.crt -noout -fingerprint -sha512\n",
    "  - name: Traces\n    type: tempo\n    uid: C4A91F0E7B22D3E58\n",
    "Host 10.40.*\n    ProxyJump jump\n    User ec2-user\n",
    "# /etc/systemd/system/ledger-sync.service\n[Service]\nUser=ledger\nGroup=ledger\nWorkingDirectory=/opt/ledger-sync\n",
    # generated names with a random-looking tail
    'Foreign-key constraints:\n    "fk_rails_8c1e4b9f02" FOREIGN KEY (account_id) REFERENCES accounts(id)\n',
    'query: INSERT INTO "migrations"("timestamp", "name") VALUES ($1, $2) -- PARAMETERS: [1730112233445,"CreateInvoiceLines1730112233445"]\n',
    "  image: rust@sha256:9e1f4c2b7a\n",
    "      Executed DbCommand (2ms) [Parameters=[@__orderId_0='?' (DbType = Int64)]\n"
    "      UPDATE [Orders] SET [Status] = @p0, [Note] = @p1\n",
    # a product's version in a banner, a template's address
    "Loading development environment (Rails 7.0.8.1)\n",
    '"Language-Team: LANGUAGE <LL@li.org>\\n"\n',
    # role words, not names
    "admin:\n  name: Admin User\n  email: admin@example.com\n",
])
def test_stays_readable(text: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert masked.text == text, masked.text


@pytest.mark.parametrize(("text", "value"), [
    # a secret's name with no version may be the password itself; a crypt hash is not hex
    ("DB_PASSWORD=super-secret-pass\n", "super-secret-pass"),
    ("hashed_password: $2b$12$ablbnF7JHQ3twUBB5w/vRfzOqz4lXcK1mUvY0pWq8Zx2rT6sN9dEa\n", "$2b$12$ablbnF7JHQ3twUBB5w"),
    # a twelve-digit customer number is an account, not a cloud account
    ("customer_account_id: 731955401112\n", "731955401112"),
    # a login that reads as a person's stays masked, in a systemd unit or a CamelCase handle
    ("[Service]\nUser=mrossi\nWorkingDirectory=/opt/mrossi-tools\n", "User=mrossi"),
    ('"userName": "MariaRossi"\n', "MariaRossi"),
    # a real address in brackets after a network word, or after a person's first name
    ("connected (Host 81.2.69.160)\n", "81.2.69.160"),
    ("peer (Alice 81.2.69.160)\n", "81.2.69.160"),
    # a handle in a chat line still counts; a password in a secret manager's slot still does
    ("ping @mrossi about the rollout\n", "@mrossi"),
    ("api_key = Xk2m9Qw8Lp3Rt7Yz5Vb1Nc4Hd6Jf0Gs\n", "Xk2m9Qw8Lp3Rt7Yz5Vb1Nc4Hd6Jf0Gs"),
])
def test_still_masked(text: str, value: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert value not in masked.text, masked.text
    assert m.restore(masked.text) == text
