#!/usr/bin/env python3
"""Issue 36, step 1: Scopa's modules moved from the crate root of scopa-core into
`scopa_core::scopa` (rules, capture, score, hand, game, view, playout, snapshot, teams), the
seats-and-sides constants into `scopa_core::seats`; the crate root keeps only what games share.
The root `game` module that came next (the game interface) is left alone: only the old items
of Scopa's match under `game::` move.

Rewrites every `crate::` path of scopa-core/src and every `scopa_core::` path of the other
crates (and of the docs) to the new places; `use` lists are split into one `use` per new
place. Idempotent. Run from the repository root on any branch, then rustfmt the files it
lists:

    python3 .ci/migrate/i36_scopa_paths.py | xargs -r rustfmt --edition 2024
"""
import pathlib
import re
import sys

SCOPA_MODULES = {"rules", "capture", "score", "hand", "game", "view", "playout", "teams", "snapshot"}
SEATS = {"MAX_SEATS", "MAX_SIDES", "decks_for", "sides_of", "side_of_seat"}
SHARED_SNAPSHOT = {"crc32"}
# The root `game` module that came after the move (the game interface): its names stay.
ROOT_GAME = set("""
Game GameMatch GameMove GameEvent GameEvents GameHint GameError SeatMove CaptureOptions
MAX_CAPTURE_OPTIONS PlaySeats TableKind GameRulesError GameSnapshotError AnyMatch
""".split())
SCOPA_ROOT = set("""
CaptureList MAX_CAPTURES MAX_MOVES Move MoveList capture_count captures is_legal_capture
FinishedHand MAX_REDEALS Match RewindError winner_after_hand winner_of
DealError Event Events HandState PlayError PositionError
AceRule DealKind PrimieraRule Rules RulesError UnknownOption
HandScore ScoreError SideScore napola_points primiera_value score_copies score_hand
SNAPSHOT_LEN SNAPSHOT_VERSION SnapshotError History Play PlayerView ViewError
""".split())


def map_path(segs):
    if not segs:
        return segs
    h = segs[0]
    if h == "rules" and len(segs) >= 2 and segs[1] in SEATS:
        return ["seats"] + segs[1:]
    if h == "snapshot" and len(segs) >= 2 and segs[1] in SHARED_SNAPSHOT:
        return segs
    if h == "game" and (len(segs) == 1 or segs[1] in ROOT_GAME):
        # The game interface (the root `game` module, after the move): it stays; only the
        # old items of Scopa's match (`game::Match`, `game::FinishedHand`, ...) move.
        return segs
    if h in SCOPA_MODULES or h in SCOPA_ROOT:
        return ["scopa"] + segs
    return segs


IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\*")


class Parser:
    def __init__(self, s, i):
        self.s, self.i = s, i

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t\r\n":
            self.i += 1

    def tree(self, prefix, out):
        """Parses a use tree after `prefix`, appending (segments, alias) leaves to out."""
        self.ws()
        if self.s.startswith("{", self.i):
            self.i += 1
            while True:
                self.ws()
                if self.s.startswith("}", self.i):
                    self.i += 1
                    return
                self.tree(prefix, out)
                self.ws()
                if self.s.startswith(",", self.i):
                    self.i += 1
        m = IDENT.match(self.s, self.i)
        if not m:
            raise ValueError(f"cannot parse use tree at {self.s[self.i:self.i + 40]!r}")
        self.i = m.end()
        segs = prefix + [m.group(0)]
        self.ws()
        if self.s.startswith("::", self.i):
            self.i += 2
            self.tree(segs, out)
            return
        alias = ""
        m2 = re.compile(r"\s*as\s+([A-Za-z_][A-Za-z0-9_]*)").match(self.s, self.i)
        if m2:
            alias = " as " + m2.group(1)
            self.i = m2.end()
        out.append((segs, alias))


def render(leaves):
    """A use tree (without the root) for leaves sharing nothing in particular."""
    if len(leaves) == 1:
        segs, alias = leaves[0]
        if segs[-1] == "self" and len(segs) > 1:
            return "::".join(segs[:-1]) + alias
        return "::".join(segs) + alias
    # Common prefix, never a leaf's last segment.
    common = []
    k = 0
    while all(len(s) - 1 > k for s, _ in leaves) and len({s[k] for s, _ in leaves}) == 1:
        common.append(leaves[0][0][k])
        k += 1
    rest = [(s[k:], a) for s, a in leaves]
    groups = {}
    order = []
    for s, a in rest:
        key = s[0] if len(s) > 1 else ("", s[0], a)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((s, a))
    parts = []
    for key in order:
        g = groups[key]
        if isinstance(key, tuple):
            parts.append(g[0][0][0] + g[0][1])
        elif len(g) == 1:
            parts.append("::".join(g[0][0]) + g[0][1])
        else:
            sub = render([(s[1:], a) for s, a in g])
            parts.append(key + "::" + (sub if sub.startswith("{") else "{" + sub + "}"))
    body = "{" + ", ".join(parts) + "}"
    return "::".join(common + [body]) if common else body


USE = re.compile(r"(?m)^(?P<lead>[ \t]*(?:(?://[/!])[ \t]?(?:#[ \t])?)?[ \t]*)(?P<vis>pub(?:\([a-z]+\))?[ \t]+)?use[ \t]+(?P<root>crate|scopa_core)::")
PATH = re.compile(r"\b(crate|scopa_core)::((?:[A-Za-z_][A-Za-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*)")


def rewrite(text, roots):
    out = []
    pos = 0
    for m in USE.finditer(text):
        if m.start() < pos or m.group("root") not in roots:
            continue
        p = Parser(text, m.end())
        leaves = []
        try:
            p.tree([], leaves)
        except ValueError:
            continue
        p.ws()
        if not text.startswith(";", p.i):
            continue
        end = p.i + 1
        mapped = [(map_path(s), a) for s, a in leaves]
        if mapped == leaves:
            continue
        parts = {}
        order = []
        for s, a in mapped:
            key = s[0] if s[0] in ("scopa", "seats") else ""
            if key not in parts:
                parts[key] = []
                order.append(key)
            parts[key].append((s, a))
        lead, vis, root = m.group("lead"), m.group("vis") or "", m.group("root")
        stmts = [f"{lead}{vis}use {root}::{render(parts[k])};" for k in sorted(order, key=lambda k: (k != "", k))]
        # The first statement keeps the original line start.
        out.append(text[pos:m.start()])
        out.append("\n".join(stmts))
        pos = end
    out.append(text[pos:])
    text = "".join(out)

    def sub(m):
        if m.group(1) not in roots:
            return m.group(0)
        segs = m.group(2).split("::")
        return m.group(1) + "::" + "::".join(map_path(segs))

    return PATH.sub(sub, text)


def main():
    root = pathlib.Path(".")
    changed = []
    for path in sorted(root.rglob("*")):
        parts = path.parts
        if "target" in parts or ".git" in parts or "node_modules" in parts or not path.is_file():
            continue
        if path.suffix not in (".rs", ".md") or path.name == "README.md" and len(parts) == 1:
            continue
        if parts[:2] == (".ci", "migrate"):
            continue
        roots = {"scopa_core"}
        if parts[:2] == ("scopa-core", "src") and path.suffix == ".rs":
            roots.add("crate")
        text = path.read_text()
        new = rewrite(text, roots)
        if new != text:
            path.write_text(new)
            if path.suffix == ".rs":
                changed.append(str(path))
            else:
                print(f"rewrote {path}", file=sys.stderr)
    print("\n".join(changed))


if __name__ == "__main__":
    main()
