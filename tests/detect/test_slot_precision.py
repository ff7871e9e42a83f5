"""What a slot's key or grammar says is no personal or secret value: service accounts' slots, a command's
``noun:verb`` name, an object literal's key after a quoted word, a connection string whose password is a reference,
other redaction tools' sentinels."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize("text", [
    "spec:\n  serviceAccountName: ledger-export\n  containers:\n  - name: main\n",
    'resource "google_service_account_iam_member" "x" {\n  service_account_id = "reports-runner"\n}\n',
    "subjects:\n- kind: ServiceAccount\n  name: nightly-reindex\n  namespace: search\n",
    "$ EXPO_TOKEN=$EXPO_TOKEN eas secret:create --scope project --name SENTRY_AUTH\n$ heroku config:set WEB_CONCURRENCY=3\n",
    "const client = init('<CLIENT_ID>', { kind: 'user', key: 'anonymous-visitor' });\n",
    "      - name: WAREHOUSE_DSN\n        value: postgresql://etl:${WAREHOUSE_PASSWORD}@db-7.internal:5432/wh\n",
    '{\n  "private_key_id": "\\ue010",\n  "private_key": "\\ue011"\n}\n',
])
def test_a_slot_that_holds_no_value_to_hide_stays(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize(("text", "value"), [
    ("subjects:\n- kind: User\n  name: bwojcik\n", "bwojcik"),
    ('props.setProperty("user", "lfontaine");', "lfontaine"),
    ("password:Qv8Lw2nZr5\n", "Qv8Lw2nZr5"),
    ("      - name: WAREHOUSE_DSN\n        value: postgresql://etl:Tz4wQ9pLx2@db-7.internal:5432/wh\n", "Tz4wQ9pLx2"),
])
def test_the_same_slots_with_a_value_still_mask_it(text: str, value: str) -> None:
    assert value not in Masker().mask(text).text


def test_a_hosting_customers_login_repeated_in_its_host_is_still_masked() -> None:
    text = "rsync -av ./ u482913@u482913.storagebox.example:backups/\nhttp://eureka:${EUREKA_PASSWORD}@eureka-2.internal:8761/"
    out = Masker().mask(text).text
    assert "u482913@" not in out and "http://eureka:${EUREKA_PASSWORD}@" in out
