"""Cells of tables printed with aligned columns and no separator: data frames (pandas, R, polars), SQL clients (sqlcmd,
sqlplus, cqlsh's wide output, duckdb), MATLAB tables, box-drawn tables (``│ a ┆ b │``). The header names the columns
(data/vocab/columns.toml, as for separated tables in :mod:`.tables`); a row's cell is the text under its header,
whether the printer aligns columns left (SQL clients, box tables) or right (data frames).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

import regex

from ..spans import Span
from .keep import kept_by
from .tables import (PERSON_CODE, cell_category, column_categories, column_category, column_checks, first_named,
                     header_categories, norm_header, row_has_card)
from .validators import email, login_word
from .vocabulary import calendar_words, word_set

_CELL_KEEPS = ("is_placeholder_value", "is_templated", "is_service_username")
# box-drawing column rules and borders read as blanks: the cells stay where they are
_BOX = str.maketrans({c: " " for c in "│┆┃║╎╏┊┋¦"})
_TOKEN = regex.compile(r"\S+")
# %CPU (ps), NODELIST(REASON) (squeue), TIME+ (top): tools' headers carry signs too; a French header its elision
# (PIÈCE D'IDENTITÉ)
_HEADER_WORD = regex.compile(r"%?[\p{L}_][\p{L}\p{N}_.#°º%/+-]{0,40}(?:['’][\p{L}]{2,30})?(?:\([\p{L}\p{N}_]{1,20}\))?")
_FUNCTION_WORDS = frozenset(
    "the a an and or of to in on for with is are was be it this that de la le les des du el los las y et e il di da "
    "der die das und mit von zu".split())
# a divider or a data frame's type row under the header: ---, ====, ─┼─, <chr>, str, i64, date …
_RULE = regex.compile(r"[\s\-=_─━═╪┼┿╋+:.╞╡╤╧╘╛╒╕├┤┬┴┌┐└┘]*")
_TYPES = frozenset("--- str i64 i32 f64 f32 u32 u64 date datetime bool object int64 float64 string category <chr> <int> "
                   "<dbl> <date> <lgl> <fct> <dttm> text varchar int bigint double".split())
_CODE_WORDS = frozenset("import from def class return if elif else for while let const var use package select insert "
                        "update delete print echo export set local with assert raise yield await async".split())
_QUOTED = regex.compile(r'"([^"\n]*)"')
_GAP = regex.compile(r"\s{2,}")
_COMMENTED = regex.compile(r"^[ \t]*(?:;+|#)[ ](?=\p{Lu})")
_MAX_ROWS = 2000
# with no separator to go by, a cell must look like its column's values (an e-mail column's cell holds an "@")
_STRICT: dict[str, Callable[[str], bool]] = {
    "email": lambda v: "@" in v and email(v),
    "username": lambda v: login_word(v) and v.lower() not in calendar_words(),  # not "Jan" under "Login Time"
}


# roles a program or a machine plays in tools' listings (a CI runner's AGENT, a controller's OPERATOR)
_MACHINE_ROLES = frozenset({"agent", "operator", "engineer", "technician", "dispatcher", "approver", "clerk", "tech"})
_NETRC_WORDS = frozenset({"machine", "login", "password", "account", "default", "macdef"})


def _header(line: str) -> tuple[list[tuple[int, int]], list[str], dict[int, str]] | None:
    """The columns (start, end) of a header line, their names and the categories of the personal ones, or None (a
    data frame's "..." stands for the columns it leaves out)."""
    if len(line) > 400 or any(c in line for c in ",;\t|"):
        return None  # a separated table is the other detector's; a long line is no header
    tokens = _merged_names(line, [(m.start(), m.end()) for m in _TOKEN.finditer(line)])
    if not 2 <= len(tokens) <= 30:
        return None
    words = [line[a:b] for a, b in tokens]
    # a row number's "#" (RouterOS' print, Flags) stands in headers too
    # (a fixed-width export's capitals may name a column IN or OUT: four capitalised names or more are no sentence)
    shouted = len(words) >= 4 and all(w.isupper() for w in words) and line.strip().count("  ") >= 2  # (a licence's
    # capitals are prose: single blanks between its words)
    if any(not (all(_HEADER_WORD.fullmatch(x) for x in w.split(" ")) or w in ("...", "…", "#"))
           or w.lower() in _FUNCTION_WORDS and not shouted for w in words):
        return None  # prose, a command, a prompt
    if words[0].lower() in _CODE_WORDS:
        return None  # import email, from x import name: code
    if len(words) == 2 and words[0] in _NETRC_WORDS:
        return None  # "login user" in a .netrc: a keyword and its value
    if "#" in words and not all(w == "#" or w.upper() == w for w in words):
        return None  # "# try empty password if none": a comment; RouterOS' "#  NAME  PASSWORD" writes capitals
    # (as a separated table's header: a role's column, "BUYER", "ASSIGNEE", holds the person who works the row, where
    # another column makes the rows people's: a CI listing's lone AGENT column names runners)
    names = [norm_header(w) for w in words]
    cats = header_categories(names)
    generic = word_set("names", "name_columns")
    if not any(c != "by_person" and names[k] not in generic for k, c in cats.items()):
        # (a job listing's NAME and AGENT: a build's name, a runner's; with no column of a person's own, only a role
        # no program plays names people: a settlement's BUYER, a tracker's ASSIGNEE)
        cats = {k: c for k, c in cats.items() if c != "by_person" or names[k] not in _MACHINE_ROLES}
    return (tokens, words, cats) if cats else None


def _merged_names(line: str, tokens: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Header words one blank apart that together name a personal column ("NATO IL", "ID NUMBER", "DATE OF BIRTH",
    "NE LE") as one column: a fixed-width export's header separates its columns by two blanks or more."""
    if len(tokens) < 3 or "  " not in line:
        return tokens
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        for n in (3, 2):
            group = tokens[i:i + n]
            if (len(group) == n and all(group[j + 1][0] - group[j][1] == 1 for j in range(n - 1))
                    and column_category(line[group[0][0]:group[-1][1]]) is not None):
                out.append((group[0][0], group[-1][1]))
                i += n
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


_RULE_RUN = regex.compile(r"[=\-─━═]{2,}")
_DOMAIN_USER = regex.compile(r"[A-Za-z][\w.-]{0,30}\\(?P<user>[^\\\s]+)")


def _ruled_columns(header: str, rule: str) -> tuple[list[tuple[int, int]], list[str], dict[int, str]] | None:
    """The columns a rule of dashes or equals signs draws under a header whose names have blanks in them ("User Name",
    "LOGON TIME"): one column per run, named by the header's text above it; None where the runs split no name."""
    runs = [(m.start(), m.end()) for m in _RULE_RUN.finditer(rule)]
    if len(runs) < 2 or rule.strip(" =-─━═") or len(runs) >= len(_TOKEN.findall(header)):
        return None
    words = [header[a:b].strip() for a, b in runs]
    if any(not w for w in words):
        return None
    cats = {k: cat for k, w in enumerate(words) if (cat := column_category(w)) is not None}
    return (runs, words, cats) if cats else None


# an identity provider's prefix before a login in a cluster's subjects ("oidc:atanaka", "ldap:mrossi")
_ISSUER = regex.compile(r"(?:oidc|ldap|saml|sso|okta|github|gitlab|google|azuread|aad|keycloak|dex|adfs)[:#]")


def _subject_users(text: str, rows: list[tuple[int, str]], cols: list[tuple[int, int]], words: list[str]) -> list[Span]:
    """The logins of a role binding's subjects (``kubectl describe rolebinding``: Kind, Name, Namespace): the Name of a
    row whose Kind is User, after its identity provider's prefix."""
    low = [w.lower() for w in words]
    if "kind" not in low or "name" not in low:
        return []
    k, n = low.index("kind"), low.index("name")
    out = []
    for rs, row in rows:
        kind, name = _cell(row, k, cols, True), _cell(row, n, cols, True)
        if kind is None or name is None or row[kind[0]:kind[1]] != "User":
            continue
        a, b = rs + name[0], rs + name[1]
        login = a
        if (m := _ISSUER.match(text, a, b)) is not None:
            login = m.end()  # "oidc:atanaka": the login is checked, masked with its provider's prefix
        if "@" not in text[a:b] and login_word(text[login:b]) and kept_by(text, login, b, _CELL_KEEPS) is None:
            out.append(Span(a, b, "username", "aligned-tables:username", 0.8))
    return out


def _table_like(words: list[str], cats: dict[int, str], ruled: bool) -> bool:
    """Enough to read a line as a table's header: two personal columns, a rule or a type row under it, or three
    columns or more one of which is named as code names things (customer_id, ReisepassNr)."""
    # (a word in capitals counts only in a header of capitals: "Candidate   SIOBHAN WIERZBICKI" is a form's line)
    capitals = all(w.isupper() for w in words if any(c.isalpha() for c in w))
    return (len(cats) >= 2 or ruled
            or len(words) >= 3 and any("_" in w or (w[:1].isupper() and any(c.isupper() for c in w[1:])
                                                    and (capitals or any(c.islower() for c in w))) for w in words))


def _skip(line: str) -> bool:
    return bool(_RULE.fullmatch(line)) or all(t in _TYPES for t in line.split())


def _cell(row: str, k: int, cols: list[tuple[int, int]], left: bool) -> tuple[int, int] | None:
    """Where column ``k``'s cell stands in ``row``: from its header's start to a gap of two blanks (or the next
    column), or back from its header's end to a gap (or the previous column)."""
    hs, he = cols[k]
    if left:
        if hs >= len(row) or row[hs] == " " or (hs and row[hs - 1] != " "):
            return None
        limit = cols[k + 1][0] if k + 1 < len(cols) else len(row)
        gap = _GAP.search(row, hs, limit)
        end = gap.start() if gap else min(limit, len(row))
        while not gap and end < len(row) and row[end] != " " and row[end - 1] != " ":
            end += 1  # a value that runs past the next header's start is cut at its own end, not inside itself
        while end > hs and row[end - 1] == " ":
            end -= 1
        return hs, end
    if he > len(row) or row[he - 1] == " " or (he < len(row) and row[he] != " "):
        return None
    limit = cols[k - 1][1] if k else 0
    start = he
    while start > limit and not (row[start - 1] == " " and row[start - 2:start] == "  "):
        start -= 1
    while start < he and row[start] == " ":
        start += 1
    return start, he


_BARS = "│|┃║"


def _barred_cell(row: str, hs: int, he: int) -> tuple[int, int] | None:
    """Column (hs, he)'s cell in a row drawn with bars (sqlite3 -box, psql, mysql): the text between the bars around
    the header, which such tables centre over their cells ("│  member_no   │" over "│ FIS-25472472 │")."""
    left = max(row.rfind(c, 0, hs) for c in _BARS)
    rights = [i for c in _BARS if (i := row.find(c, he - 1)) >= 0]
    if left < 0 or not rights:
        return None
    right = min(rights)
    if right < he - 1 or any(c in row[left + 1:right] for c in _BARS):
        return None
    a, b = left + 1, right
    while a < b and row[a] == " ":
        a += 1
    while b > a and row[b - 1] == " ":
        b -= 1
    return (a, b) if b > a else None


# a notebook's output line, a JSON string of its list ("   name  member_no\\n",): read as the line it holds
_JSON_LINE = regex.compile(r'([ \t]*)"((?:[^"\\\n]|\\.)*?)((?:\\n)?"[ \t]*,?[ \t]*)')


# the first or the last line of a data frame printed into one JSON string ("text/plain": ["   id  name\\n0  …"]): its
# opening or its closing quote
_OPENING_QUOTE = regex.compile(r'[ \t]*"(?=[ \t]*\S)')
_CLOSING_QUOTE = regex.compile(r'(?<=\S[ \t]*)"[ \t]*,?[ \t]*$')


_LINE_BREAK = regex.compile(r'\n|\\n(?![ \t]*")')


def _unwrapped(line: str) -> str:
    """``line`` with a JSON string's quotes and its ``\\n`` escape blanked (same length: the offsets stay)."""
    m = _JSON_LINE.fullmatch(line)
    if m is not None:
        return m.group(1) + " " + m.group(2) + " " * len(m.group(3))
    if (o := _OPENING_QUOTE.match(line)) is not None and '"' not in line[o.end():]:
        return line[:o.end() - 1] + " " + line[o.end():]
    if (c := _CLOSING_QUOTE.search(line)) is not None and '"' not in line[:c.start()]:
        return line[:c.start()] + " " * (len(line) - c.start())
    return line


# a cell of a row split at gaps of two blanks (a data frame printed without padding its columns to one width)
_GAPPED_CELL = regex.compile(r"\S+(?: \S+)*")


class AlignedTableDetector:
    """Personal columns of tables with aligned columns (see the module docstring)."""

    name = "aligned-tables"
    produces = property(lambda self: frozenset(column_categories().values()))  # the column headers' categories

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        # (a line ends at a newline, or at a literal "\n" escape inside a JSON string: a data frame printed into one
        # string; a notebook's list of one string per line ends each at its "\n" and its quote, read whole)
        lines = []
        start = 0
        for m in [*_LINE_BREAK.finditer(text), None]:
            end = len(text) if m is None else m.start()
            lines.append((start, end - 1 if end > start and text[end - 1] == "\r" else end))  # CRLF: no "\r" in a cell
            start = len(text) if m is None else m.end()
        i = 0
        while i < len(lines):
            s, e = lines[i]
            line = _unwrapped(text[s:e].translate(_BOX))
            # a header commented out by its file's mark ("; CHIP  BIB  LASTNAME", "# NAME  EMAIL"): the program
            # printed the mark before a header as wide as its rows, whose columns start where the mark does
            # (a "#" over the rows' running numbers is their column: " # NACHNAME" over " 1 WIECHERT")
            if (c := _COMMENTED.match(line)) is not None and (";" in c.group() or i + 1 >= len(lines) or not regex.match(
                    r"[ \t]*\d", text[lines[i + 1][0]:lines[i + 1][1]])):
                line = line[c.end():]
            found = _header(line)
            i += 1
            if found is None:
                continue
            cols, words, cats = found
            ruled = False
            first_rule = i
            titled = False
            while i < len(lines) and _skip(_unwrapped(text[lines[i][0]:lines[i][1]].translate(_BOX))):
                blank = not text[lines[i][0]:lines[i][1]].strip()
                if blank and ruled and len(text[lines[first_rule][0]:lines[first_rule][1]].split()) == 1:
                    titled = True  # "USER INFORMATION", one underline, a blank line: a section's title, no header
                    break
                ruled = ruled or not blank
                i += 1
            if titled:
                continue
            if ruled and (by_rule := _ruled_columns(line, text[lines[first_rule][0]:lines[first_rule][1]])) is not None:
                cols, words, cats = by_rule  # "User Name         SID" over "================= ====": two columns
            if not _table_like(words, cats, ruled):
                continue
            checks = {k: (cat, _STRICT.get(cat, check))
                      for k, (cat, check) in column_checks([norm_header(w) for w in words], cats, person_columns=True).items()}
            rows: list[tuple[int, str]] = []
            while i < len(lines) and len(rows) < _MAX_ROWS:
                rs, re_ = lines[i]
                row = _unwrapped(text[rs:re_].translate(_BOX))
                if row.startswith(">"):
                    row = " " + row[1:]  # quser's mark of the current session: ">mehmetaydin   rdp-tcp#29"
                if len(_TOKEN.findall(row)) < 2:
                    break
                rows.append((rs, row))
                i += 1
            starts = [rs for rs, _ in rows]
            coded = {k: check for k, check in checks.items() if check[0] == PERSON_CODE}
            found_cells = self._cells(text, rows, cols, {k: c for k, c in checks.items() if k not in coded})
            out.extend(found_cells)
            if coded:
                # a code column's cell is a secret in a row that names its person (a panel's user list)
                named = {bisect.bisect_right(starts, sp.start) - 1 for sp in [
                    *found_cells, *self._cells(text, rows, cols, {k: ("person", first_named) for k, (cat, _) in checks.items()
                                                                  if cat == "person"})] if sp.category == "person"}
                out.extend(Span(sp.start, sp.end, "secret", "aligned-tables:person-code", 0.8)
                           for sp in self._cells(text, rows, cols, coded)
                           if sp.end - sp.start >= 4 and bisect.bisect_right(starts, sp.start) - 1 in named)
            out.extend(_subject_users(text, rows, cols, words))
        return out

    @staticmethod
    def _cells(text: str, rows: list[tuple[int, str]], cols: list[tuple[int, int]],
               checks: dict[int, tuple[str, Callable[[str], bool]]]) -> list[Span]:
        out: list[Span] = []
        quoted = rows and all(len(_QUOTED.findall(r)) == len(cols) for _, r in rows)  # MATLAB: "C-504694"  "Name"
        # a data frame's rows: the index, then as many cells as names, whatever the padding (column k is cell k + 1)
        gapped = [[m.span() for m in _GAPPED_CELL.finditer(r)] for _, r in rows]
        framed = bool(rows) and all(len(g) == len(cols) + 1 and r[g[0][0]:g[0][1]].isdigit()
                                    for g, (_, r) in zip(gapped, rows, strict=True))
        for k, (cat, check) in checks.items():
            left = sum(_cell(r, k, cols, True) is not None for _, r in rows)
            right = sum(_cell(r, k, cols, False) is not None for _, r in rows)
            for i, (rs, row) in enumerate(rows):
                if quoted:
                    m = list(_QUOTED.finditer(row))[k]
                    span: tuple[int, int] | None = m.span(1)
                elif framed:
                    span = gapped[i][k + 1]
                else:
                    span = _cell(row, k, cols, left >= right)
                    if span is None and any(c in text[rs:rs + len(row)] for c in _BARS):
                        span = _barred_cell(text[rs:rs + len(row)], *cols[k])

                if span is None or span[1] - span[0] < 2 or cat == "card" and not row_has_card(row):
                    continue
                a, b = rs + span[0], rs + span[1]
                if a > 0 and (text[a - 1].isalnum() or text[a - 1] in "@._-") and not quoted:
                    continue  # a cell that starts inside a word: the rows only look aligned (two .netrc lines)
                if cat == "username" and " " in text[a:b]:
                    b = text.index(" ", a, b)  # a login has no blank: the next column's value ran into its cell
                login = a
                if cat == "username" and (m := _DOMAIN_USER.fullmatch(text, a, b)) is not None:
                    login = m.start("user")  # whoami's "brightlane\jli": the login is checked, masked with its domain
                if check(text[login:b]) and kept_by(text, login, b, _CELL_KEEPS) is None:
                    found = cell_category(cat, text[login:b])
                    out.append(Span(a, b, found, f"aligned-tables:{found}", 0.8))
        return out
