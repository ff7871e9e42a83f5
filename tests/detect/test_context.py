"""Generic credentials assigned to credential-named keys, in every syntax an agent sees."""

from __future__ import annotations

import pytest

from coatcheck.detect.context import ContextDetector, is_credential_key

SECRET = "Zq8xLm2Kp9Tr4Wv"


def found(text: str) -> list[str]:
    return [text[s.start : s.end] for s in ContextDetector().detect(text)]


@pytest.mark.parametrize(
    "line",
    [
        f"DB_PASSWORD={SECRET}",  # .env
        f"export API_TOKEN={SECRET}",  # shell
        f"export API_TOKEN='{SECRET}'",
        f"docker run -e POSTGRES_PASSWORD={SECRET} postgres:16",
        f"password: {SECRET}",  # YAML
        f'  client_secret: "{SECRET}"',
        f'{{"apiKey": "{SECRET}"}}',  # JSON
        f'secret_key = "{SECRET}"',  # TOML / Python
        f"password = {SECRET}1",  # INI
        f'const authToken = "{SECRET}";',  # JS
        f'dbPassword := "{SECRET}"',  # Go
        f'connect(host="db", password="{SECRET}")',  # keyword argument
        f"mytool --password={SECRET} --verbose",  # CLI flags
        f"mytool --api-key {SECRET}",
        f"<password>{SECRET}</password>",  # XML
        f'<add key="ApiKey" value="{SECRET}" />',
        f"mysql -u app -p{SECRET} prod",
        f"Server=db;Database=app;User Id=app;Password={SECRET};",  # ODBC / ADO.NET
        f"jdbc:postgresql://db:5432/app?user=app&password={SECRET}",
        f"AWS_SECRET_ACCESS_KEY: {SECRET}",
        f"private_key_passphrase={SECRET}",
    ],
)
def test_credentials_are_found(line):
    assert SECRET in "".join(found(line)), line


@pytest.mark.parametrize(
    "line",
    [
        'password = "changeme"',
        "DB_PASSWORD=${DB_PASSWORD}",
        "password: {{ vault_db_password }}",
        'api_key = os.environ["API_KEY"]',
        "token = get_token()",
        "password = pwd",
        "secret = settings.SECRET_KEY",
        "max_tokens = 4096",
        'password_min_length = 12',
        'token_url = "https://auth.acme.io/oauth/token"',
        'secret_name: "prod/db"',
        "API_KEY=<your-api-key>",
        "password: ********",
        "TOKEN=YOUR_TOKEN_HERE",
        '"password": null',
        "ssl_key_file: /etc/ssl/private/server.key",
        "mytool --password-stdin",
        "if password == expected:",
        'token_type: "Bearer"',
    ],
)
def test_readable_values_are_kept(line):
    assert found(line) == [], line


def test_uuid_after_credential_key_is_a_secret():
    assert found("api_key=123e4567-e89b-12d3-a456-426614174000") == ["123e4567-e89b-12d3-a456-426614174000"]


@pytest.mark.parametrize("key", ["DB_PASSWORD", "apiKey", "client-secret", "auth_token", "AWS_SECRET_ACCESS_KEY", "passwd", "privateKey", "sessionid"])
def test_credential_keys(key):
    assert is_credential_key(key)


@pytest.mark.parametrize("key", ["max_tokens", "password_min_length", "secret_name", "token_url", "keyboard", "tokenizer", "client_id", "primary_key"])
def test_not_credential_keys(key):
    assert not is_credential_key(key)


def test_a_long_line_of_overlapping_values_is_covered_whole():
    from coatcheck.detect.context import ContextDetector

    for line in ("token:" * 200, "password=" * 300):
        spans = ContextDetector().detect(line)
        covered = set().union(*(range(s.start, s.end) for s in spans))
        assert covered == set(range(line.index(":") + 1 if ":" in line else 9, len(line)))


# Every assignment syntax the secrets issue lists, with a made-up value.
_PW = "Kq9x!Lm2Pz7w"
SYNTAXES = [
    f"DB_PASSWORD={_PW}", f"export API_TOKEN='{_PW}'", f"docker run -e POSTGRES_PASSWORD={_PW} postgres:16",
    f"PGPASSWORD={_PW} psql -h db", f"export MYSQL_PWD={_PW}", f"REDISCLI_AUTH={_PW} redis-cli",
    f"password: {_PW}", f'{{"password": "{_PW}"}}', f'password = "{_PW}"', f"[db]\npassword = {_PW}",
    f"<password>{_PW}</password>", f'<add key="DbPassword" value="{_PW}"/>', f'<connection password="{_PW}"/>',
    f'db_password = "{_PW}"', f'const apiToken = "{_PW}";', f'apiToken := "{_PW}"', f'var apiToken string = "{_PW}"',
    f"$db_password .= '{_PW}';", f'System.setProperty("db.password", "{_PW}");', f"DB_PASSWORD ?= {_PW}",
    f"DB_PASSWORD ::= {_PW}", f'credentials {{\n    username "deploy"\n    password "{_PW}"\n}}',
    f'val dbPassword: String = "{_PW}"', f'private string password = "{_PW}";', f"conn = connect(password='{_PW}')",
    f'os.environ["DB_PASSWORD"] = "{_PW}"', f"machine api.acme.io login jdoe password {_PW}",
    f"Server=db;Database=app;User Id=app;Password={_PW};", f"--password={_PW}",
    f'{{"command": "echo x\\nDB_PASSWORD={_PW}\\nexit"}}',
]


@pytest.mark.parametrize("text", SYNTAXES)
def test_every_assignment_syntax(text: str) -> None:
    from coatcheck import Masker

    assert _PW not in Masker().mask(text).text


CODE = [
    "password: string;", "auth=self.auth", 'gin.H{"token": token}', "from .auth import (\n    PASSWORD,\n)",
    "id-token: write", "pbkdf2-password==1.2", "env.SOME_PASSWORD", "password = pwd",
    'token = os.getenv("API_TOKEN", "")', "token: ${{ secrets.GITHUB_TOKEN }}",
    # classes of false positives seen on installed packages (site-packages, /usr/share/doc)
    "        token = tokens[idx]\n        return escapeHtml(tokens[idx].content)",
    "def f(auth: AuthTypes | None = None, private_key: CertificateIssuerPrivateKeyTypes = None): ...",
    "def main(name: Annotated[str, typer.Argument()]):", "FileTypes = Union[\n    str,\n]",
    "            auth = f'{user}:{secret}@'", "    if token == 'root':", '__all__ = ["StaticToken", "EnvToken"]',
    "        role: If you're implementing a client, pass :data:`h11.CLIENT`. If",
    "    :param lock_file_fd_token: registration used to clean up", '    auth = "user_oauth"',
    "        creationflags=creationflags,\n        start_new_session=start_new_session,",
    "        password (bool): Enable password entry. Defaults to False.",
]


@pytest.mark.parametrize("text", CODE)
def test_code_stays_code(text: str) -> None:
    from coatcheck import Masker

    assert Masker().mask(text).text == text
