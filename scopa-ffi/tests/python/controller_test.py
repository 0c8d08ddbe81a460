"""scopa-ffi from Python: the GameController driven through the bindings that uniffi
generates (`uniffi-bindgen generate --library libscopa_ffi.so --language python`), with the
three foreign traits (SaveStore, Timer, FrameListener) implemented by Python classes, as an
app would implement them. Run by .ci/ffi.sh:

    python3 controller_test.py GENERATED_DIR [session:SEED:PLAYERS:LEVEL=HASH ...]

GENERATED_DIR holds scopa_ffi.py and libscopa_ffi.so. Each session:... argument is the FNV-1a
hash of a watch-mode transcript computed in Rust (examples/transcript.rs): the Python run
must write the same transcript. Prints one line per test and `ffi-python: N passed, M failed`;
exits 1 on any failure.
"""

import sys
import traceback

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")

import scopa_ffi as ffi  # noqa: E402  (the generated module, found through the path above)


class MemoryStore(ffi.SaveStore):
    """The save store: every write kept in memory; `broken` makes writes fail."""

    def __init__(self):
        self.saves = []
        self.broken = False

    def write(self, data):
        if self.broken:
            raise ffi.StoreError.Failed("disk full")
        self.saves.append(bytes(data))


class Platform(ffi.Timer, ffi.FrameListener):
    """The app's timer and screen: the last delay asked for and every frame received."""

    def __init__(self):
        self.due = None
        self.frames = []

    def schedule(self, after_ms, token):
        self.due = (after_ms, token)

    def on_frame(self, frame):
        self.frames.append(frame)

    @property
    def last(self):
        return self.frames[-1]


def settings(players, seats, lang=ffi.Lang.EN):
    rules = ffi.default_rules()
    rules.players = players
    return ffi.SessionSettings(rules=rules, seats=seats, undo=False, lang=lang)


def controller(st, seed, store, platform, pacing=None):
    c = ffi.GameController(st, seed, pacing or ffi.apps_pacing(), store, platform, platform)
    c.resume()
    return c


def playable(f):
    """The cards of the hand the viewer may play now (empty: nothing to play)."""
    return f.choices.cards if f.choices.is_cards() else []


def capture_options(f):
    """The capture options open now."""
    return f.choices.options if f.choices.is_captures() else []


def due_ms(f):
    """The delay running (None: the session waits for a person)."""
    return f.next[0].after_ms if f.next.is_due() else None


def cards(views):
    """The cards of a list of CardView."""
    return [v.card for v in views]


def step(c, p):
    """One step as a person takes it: the timer, the first playable card, the first capture,
    or Continue. False once the match is over."""
    f = p.last
    if f.over:
        return False
    if due_ms(f) is not None:
        _, token = p.due
        p.due = None
        c.fire(token)
    elif playable(f):
        c.select(playable(f)[0].card.card)
    elif capture_options(f):
        c.capture(0)
    else:
        c.proceed()
    return True


def transcript(st, frames):
    lines = [ffi.transcript_start(st)] + [e.line for f in frames for e in f.events]
    return "\n".join(lines) + "\n"


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def test_whole_match():
    """One person against the easy AI: a whole match, one save and one frame per change."""
    store, p = MemoryStore(), Platform()
    c = controller(settings(2, [None, ffi.AiLevel.EASY]), 42, store, p)
    check(len(store.saves) == 1, "a new session is saved at once")
    check(p.last.events[0].text.startswith("Hand 1"), f"the deal first: {p.last.events[0].text}")
    changes = 0
    while True:
        frames, saves = len(p.frames), len(store.saves)
        if not step(c, p):
            break
        check(len(p.frames) == frames + 1, "one frame per change")
        check(len(store.saves) == saves + 1, "one save per change")
        check(store.saves[-1] == bytes(c.save()), "the store holds the session")
        changes += 1
    check(changes > 20, f"{changes} changes")
    check(p.last.banner.kind.is_match_over(), "match over")
    check(p.last.offers.rematch, "a rematch is offered")
    events = [e for f in p.frames for e in f.events]
    check(events[-1].line.startswith("winner "), f"the last event: {events[-1].line}")
    # A person's hand only: the viewer is seat 0 and no frame shows more than its cards.
    check(all(f.viewer in (0, None) for f in p.frames), "the viewer is the person")
    print(f"     whole match: {changes} changes, {len(store.saves)} saves, {p.last.score_line}")


def test_transcripts(specs):
    """Watch mode (AIs only, no delays): the transcript equals the one Rust wrote."""
    check(specs, "no transcript hashes given")
    for spec in specs:
        key, want = spec[len("session:"):].split("=")
        seed, players, level = key.split(":")
        st = settings(int(players), [getattr(ffi.AiLevel, level.upper())] * int(players))
        p = Platform()
        c = controller(st, int(seed), MemoryStore(), p, ffi.unattended_pacing())
        while step(c, p):
            pass
        got = f"{fnv1a(transcript(st, p.frames)):016x}"
        check(got == want, f"transcript of {key}: {got}, Rust wrote {want}")
        print(f"     transcript {key}: hash {got}")


def test_restore():
    """A save taken mid-match resumes in a new controller and ends exactly as the first."""
    st = settings(2, [None, ffi.AiLevel.MEDIUM])
    store, p = MemoryStore(), Platform()
    c = controller(st, 7, store, p)
    for _ in range(15):
        step(c, p)
    saved = bytes(c.save())
    check(store.saves[-1] == saved, "the store holds the save")
    q = Platform()
    d = ffi.GameController.restore(saved, ffi.Lang.EN, ffi.apps_pacing(), MemoryStore(), q, q)
    d.resume()
    check(q.last.hand == p.last.hand and q.last.table == p.last.table, "the same hand and table")
    tail_p, tail_q = len(p.frames), len(q.frames)
    while step(c, p):
        pass
    while step(d, q):
        pass
    lines = lambda frames: [e.line for f in frames for e in f.events]  # noqa: E731
    check(lines(p.frames[tail_p:]) == lines(q.frames[tail_q:]), "the same rest of the match")
    check(bytes(c.save()) == bytes(d.save()), "the same final save")


def test_errors():
    """Typed errors: bad settings and a bad save raise SessionError; a refused tap is the
    frame's refusal; a failing store shows in the frame and the game goes on."""
    bad = settings(3, [None, None, None])
    bad.rules.deal = ffi.DealKind.SCOPONE
    try:
        ffi.check_settings(bad)
        raise AssertionError("Scopone with 3 players accepted")
    except ffi.SessionError.InvalidSettings as e:
        check("4 players" in str(e), str(e))
    try:
        ffi.GameController.restore(b"not a save", ffi.Lang.EN, ffi.apps_pacing(), MemoryStore(), Platform(), Platform())
        raise AssertionError("a bad save accepted")
    except ffi.SessionError.BadSave:
        pass
    store, p = MemoryStore(), Platform()
    c = controller(settings(2, [None, ffi.AiLevel.EASY]), 3, store, p)
    while not playable(p.last):
        step(c, p)
    hand = set(cards(p.last.hand))
    other = next(i for i in range(40) if i not in hand)
    c.select(other)
    check(p.last.refusal is not None, "a card not in hand is refused in the frame")
    try:
        c.select(40)
        raise AssertionError("card 40 accepted")
    except ffi.SessionError.InvalidCard:
        pass
    store.broken = True
    step(c, p)
    check(p.last.save_error is not None and "disk full" in p.last.save_error, f"save error: {p.last.save_error}")
    store.broken = False
    step(c, p)
    check(p.last.save_error is None, "the next write succeeds")


def main():
    specs = [a for a in sys.argv[2:] if a.startswith("session:")]
    tests = [
        ("controller: a whole match, one save and one frame per change", test_whole_match),
        ("controller: watch-mode transcripts equal the Rust ones", lambda: test_transcripts(specs)),
        ("controller: a save resumes and ends the match the same way", test_restore),
        ("controller: typed errors, refusals and a failing store", test_errors),
    ]
    passed = failed = 0
    for name, fn in tests:
        try:
            fn()
            print(f"ok   {name}")
            passed += 1
        except Exception:  # noqa: BLE001  (any failure is reported and counted)
            print(f"FAIL {name}")
            traceback.print_exc(file=sys.stdout)
            failed += 1
    print(f"ffi-python: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
