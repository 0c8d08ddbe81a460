// The Swift tests of the Session API of scopa-ffi (called from main.swift with its test /
// check / eq helpers). Session transcript hashes come from Rust as
// `session:<seed>:<players>:<level>=<hash>` arguments.

import Foundation

#if canImport(ScopaEngine)
import ScopaEngine
#endif

/// The cards of a set (bit i = card i), in canonical order.
func cardsOf(_ mask: UInt64) -> [UInt8] {
    (0..<40).filter { mask & (1 << UInt64($0)) != 0 }.map { UInt8($0) }
}

func sessionSettings(_ players: UInt32, _ seats: [AiLevel?], lang: Lang = .en) -> SessionSettings {
    var rules = defaultRules()
    rules.players = players
    return SessionSettings(rules: rules, seats: seats, undo: false, lang: lang)
}

/// The next action as an app's player would do it: first card, first capture, AI, continue.
func nextAction(_ st: TableState) -> ((Session) throws -> Update)? {
    switch st.phase {
    case .matchOver: return nil
    case .play: return { try $0.select(card: cardsOf(st.hand)[0]) }
    case .chooseCapture: return { try $0.capture(index: 0) }
    case .aiDue: return { try $0.runAi() }
    default: return { try $0.proceed() }
    }
}

/// Checks what every state must satisfy: only the viewer's hand, 40 cards in all.
func checkState(_ st: TableState, _ seats: [AiLevel?]) throws {
    if let v = st.viewer {
        try check(seats[Int(v)] == nil, "viewer \(v) is not a person")
        try eq(st.hand.nonzeroBitCount, Int(st.handSizes[Int(v)]), "viewer's hand size")
    } else {
        try eq(st.hand, 0, "no hand without a viewer")
    }
    if case .handOff = st.phase { try eq(st.viewer, nil, "cards hidden while handing over") }
    if case .matchOver = st.phase {} else {
        let total = st.handSizes.reduce(0) { $0 + Int($1) } + st.table.nonzeroBitCount
            + st.piles.reduce(0) { $0 + $1.nonzeroBitCount } + Int(st.deckLeft)
        try eq(total, 40, "cards in hands, table, piles and deck")
    }
}

/// Plays the session to its end; returns its transcript (after the first line).
func playSession(_ s: Session, _ seats: [AiLevel?]) throws -> [String] {
    var lines = [try transcriptEvent(event: s.dealEvent())]
    var steps = 0
    while true {
        let st = try s.state()
        try checkState(st, seats)
        guard let action = nextAction(st) else { break }
        let update = try action(s)
        try eq(update.texts.count, update.events.count, "one caption per event")
        for e in update.events { lines.append(try transcriptEvent(event: e)) }
        steps += 1
        try check(steps < 20000, "the match did not end")
    }
    return lines
}

/// Runs `block`, which must throw the session error `kind` accepts (with `message` unless nil).
func expectSession(_ kind: String, _ message: String?, _ matches: (SessionError) -> String?, _ block: () throws -> Void) throws {
    do {
        try block()
    } catch let e as SessionError {
        guard let got = matches(e) else { throw Failure(description: "expected SessionError.\(kind), got \(e)") }
        if let m = message { try eq(got, m, "message of SessionError.\(kind)") }
        try check(!got.isEmpty, "empty message")
        return
    }
    throw Failure(description: "expected SessionError.\(kind), nothing was thrown")
}

func sInvalidSettings(_ e: SessionError) -> String? { if case .InvalidSettings(let m) = e { return m }; return nil }
func sWrongPhase(_ e: SessionError) -> String? { if case .WrongPhase(let m) = e { return m }; return nil }
func sNotInHand(_ e: SessionError) -> String? { if case .NotInHand(let m) = e { return m }; return nil }
func sInvalidCard(_ e: SessionError) -> String? { if case .InvalidCard(let m) = e { return m }; return nil }
func sIllegalMove(_ e: SessionError) -> String? { if case .IllegalMove(let m) = e { return m }; return nil }
func sUndoOff(_ e: SessionError) -> String? { if case .UndoOff(let m) = e { return m }; return nil }
func sBadSave(_ e: SessionError) -> String? { if case .BadSave(let m) = e { return m }; return nil }
func sInternal(_ e: SessionError) -> String? { if case .Internal(let m) = e { return m }; return nil }

func sessionTests(_ args: [String]) {
    test("session: one person against the AI, whole match") {
        let seats: [AiLevel?] = [nil, .medium]
        let s = try Session(settings: sessionSettings(2, seats), seed: 7)
        try eq(try s.state().viewer, 0, "viewer")
        try eq(try s.names().seats, ["You", "Player 2"], "names")
        let lines = try playSession(s, seats)
        try check(lines.last!.hasPrefix("winner "), "last line \(lines.last!)")
        let prompt = try s.state().prompt
        try check(prompt.contains("won the match"), prompt)
        try eq(try s.summary()!.rows.last!.label, "Points this hand", "summary")
        let events = try s.rematch().events
        guard events.count == 1, case .newHand = events[0] else { throw Failure(description: "rematch events \(events)") }
        try eq(try s.state().matchNumber, 1, "match number")
        print("     one person vs medium: \(lines.count) transcript lines")
    }

    test("session: pass-and-play, 4 people, to the end") {
        let seats: [AiLevel?] = [nil, nil, nil, nil]
        let s = try Session(settings: sessionSettings(4, seats), seed: 11)
        guard case .handOff = try s.state().phase else { throw Failure(description: "first phase \(try s.state().phase)") }
        let prompt = try s.state().prompt
        try check(prompt.hasPrefix("Hand the device to "), prompt)
        try eq(try s.names().sides, ["Players 1 & 3", "Players 2 & 4"], "side names")
        let lines = try playSession(s, seats)
        try check(lines.last!.hasPrefix("winner "), "last line \(lines.last!)")
        print("     4 people: \(lines.count) transcript lines")
    }

    test("session: Scopone, 2 people and 2 AIs, to the end") {
        let seats: [AiLevel?] = [nil, .expert, nil, .easy]
        var settings = sessionSettings(4, seats)
        settings.rules.deal = .scopone
        let lines = try playSession(try Session(settings: settings, seed: 12), seats)
        try check(lines.last!.hasPrefix("winner "), "last line \(lines.last!)")
        print("     scopone 2 people + 2 AIs: \(lines.count) transcript lines")
    }

    test("session: watch-mode transcripts equal the Rust ones") {
        let specs = args.filter { $0.hasPrefix("session:") }
        try check(!specs.isEmpty, "no session transcript hashes were given")
        for arg in specs {
            let parts = arg.dropFirst("session:".count).split(separator: "=")
            let spec = parts[0].split(separator: ":")
            let (seed, players, level) = (UInt64(spec[0])!, UInt32(spec[1])!, levels[String(spec[2])]!)
            let seats = [AiLevel?](repeating: level, count: Int(players))
            let settings = sessionSettings(players, seats)
            let lines = [try transcriptStart(settings: settings)] + (try playSession(try Session(settings: settings, seed: seed), seats))
            let hash = String(fnv1a(lines.map { $0 + "\n" }.joined()), radix: 16)
            try eq(String(repeating: "0", count: 16 - hash.count) + hash, String(parts[1]), "session transcript hash of \(parts[0])")
            print("     session transcript \(parts[0]): hash \(parts[1])")
        }
    }

    test("session: save and restore at every step continue identically") {
        let a = try Session(settings: sessionSettings(2, [nil, .easy]), seed: 3)
        var n = 0
        while true {
            let bytes = try a.save()
            try eq(bytes.count, 364, "save size")
            let b = try Session.restore(bytes: bytes, lang: .en)
            try eq(try b.save(), bytes, "re-saved bytes")
            try eq(try b.state(), try a.state(), "state after restore")
            guard let action = nextAction(try a.state()) else { break }
            try eq(try action(b), try action(a), "update")
            n += 1
        }
        print("     restored at each of \(n) steps")
    }

    test("session: errors are typed, in the session's language, and change nothing") {
        var scopone = sessionSettings(3, [nil, nil, nil], lang: .it)
        scopone.rules.deal = .scopone
        try expectSession("InvalidSettings", "la distribuzione Scopone (9 a testa, 4 in tavola) vuole 4 giocatori, non 3", sInvalidSettings) {
            try checkSettings(settings: scopone)
        }
        var undo = sessionSettings(2, [nil, nil])
        undo.undo = true
        try expectSession("InvalidSettings", "undo is only for one person playing against the computer, and 2 seats are people", sInvalidSettings) {
            _ = try Session(settings: undo, seed: 1)
        }
        let s = try Session(settings: sessionSettings(2, [nil, .easy]), seed: 9)
        while true {
            if case .play = try s.state().phase { break }
            _ = try nextAction(try s.state())!(s)
        }
        let st = try s.state()
        let before = try s.save()
        let notMine = UInt8((0..<40).first { st.hand & (1 << UInt64($0)) == 0 }!)
        try expectSession("WrongPhase", "Continuing is not possible now: Your turn: play a card.", sWrongPhase) { _ = try s.proceed() }
        try expectSession("NotInHand", nil, sNotInHand) { _ = try s.select(card: notMine) }
        try expectSession("InvalidCard", "card index 40 is not 0 to 39", sInvalidCard) { _ = try s.select(card: 40) }
        try expectSession("IllegalMove", nil, sIllegalMove) {
            _ = try s.play(card: cardsOf(st.hand)[0], capture: 1 << UInt64(notMine))
        }
        try expectSession("UndoOff", nil, sUndoOff) { _ = try s.undo() }
        // An event that cannot happen in the session is refused, never written (issue 26).
        try expectSession("InvalidCard", nil, sInvalidCard) { _ = try s.eventText(event: .scopa(seat: 200, side: 0)) }
        let four = try Session(settings: sessionSettings(4, [AiLevel?](repeating: .random, count: 4)), seed: 1)
        try expectSession("InvalidCard", nil, sInvalidCard) { _ = try four.eventText(event: .tableCollected(side: 255, cards: 1)) }
        try eq(try s.save(), before, "a refused action changed the session")
        try s.setLang(lang: .it)
        let italian = try s.save()
        try expectSession("WrongPhase", "Continuare non è possibile ora: Tocca a te: gioca una carta.", sWrongPhase) { _ = try s.proceed() }
        var bad = try s.save()
        bad[200] ^= 0x40
        try expectSession("BadSave", "La partita salvata non si può leggere: il salvataggio è danneggiato (il checksum non corrisponde)", sBadSave) {
            _ = try Session.restore(bytes: bad, lang: .it)
        }
        try expectSession("Internal", "internal error in scopa-ffi (please report it): Session.test_panic_holding_lock panicked: test hook: panic while holding the session lock", sInternal) {
            try s.testPanicHoldingLock()
        }
        try eq(try s.save(), italian, "the panic changed the session")
        _ = try s.state()
    }

    test("session: default rules, texts in both languages") {
        try eq(defaultRules(), RulesConfig(players: 2, deal: .standard, target: 11, primiera: .classic, ace: .plain, napola: false, reBello: false, kingsRedeal: true), "defaultRules")
        let it = uiTexts(lang: .it)
        try eq(it.cards[6], "7 di denari", "card name")
        try eq(it.labels.newMatch, "Nuova partita", "label")
        try eq(uiTexts(lang: .en).labels.carryOn, "Continue", "label")
        try eq(langFromTag(tag: "it-IT"), .it, "lang of it-IT")
        try eq(langFromTag(tag: "en-GB"), .en, "lang of en-GB")
        try eq(try parseScriptLine(line: "10b 1d 9d # a move"), .move(card: 39, capture: 1 | 1 << 8), "script line")
    }

    test("session: round trip state + select, median from Swift") {
        // Two people (pass-and-play): per play, state() then select(first card) — which
        // returns the events, their captions and the new state — is measured; the
        // hand-over's proceed and any capture choice are played unmeasured.
        var samples: [UInt64] = []
        var stateOnly: [UInt64] = []
        var selectOnly: [UInt64] = []
        var seed: UInt64 = 1000
        let settings = sessionSettings(2, [nil, nil])
        for phase in 0..<2 {
            var n = 0
            while n < (phase == 0 ? 2000 : 20000) {
                let s = try Session(settings: settings, seed: seed)
                seed += 1
                loop: while true {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let st = try s.state()
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    switch st.phase {
                    case .play:
                        _ = try s.select(card: UInt8(st.hand.trailingZeroBitCount))
                        let t2 = DispatchTime.now().uptimeNanoseconds
                        if phase == 1 { samples.append(t2 - t0); stateOnly.append(t1 - t0); selectOnly.append(t2 - t1) }
                        n += 1
                    case .matchOver: break loop
                    case .chooseCapture: _ = try s.capture(index: 0)
                    default: _ = try s.proceed()
                    }
                }
            }
        }
        samples.sort()
        stateOnly.sort()
        selectOnly.sort()
        let us = { (v: [UInt64], q: Int) in String(format: "%.1f", Double(v[v.count * q / 100]) / 1000) }
        let median = Double(samples[samples.count / 2]) / 1000
        print("     round trip state + select, \(samples.count) samples: median \(us(samples, 50)) µs (goal 50 µs: \(median <= 50 ? "met" : "missed")), p90 \(us(samples, 90)) µs; state alone \(us(stateOnly, 50)) µs; select alone (play + new state + captions, what the app calls per tap) \(us(selectOnly, 50)) µs")
    }
}
