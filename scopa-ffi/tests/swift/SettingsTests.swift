// The Swift tests of scopa-ffi's functions around the GameController: the settings screen's
// (check, defaults, fixed words, language of a locale tag), the scripts' lines, and the
// typed errors of settings and saves (called from main.swift with its test / check / eq
// helpers).

import Foundation

#if canImport(ScopaEngine)
import ScopaEngine
#endif

func sessionSettings(_ players: UInt32, _ seats: [AiLevel?], lang: Lang = .en) -> SessionSettings {
    var rules = defaultRules()
    rules.players = players
    return SessionSettings(rules: rules, seats: seats, undo: false, lang: lang)
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
func sInvalidCard(_ e: SessionError) -> String? { if case .InvalidCard(let m) = e { return m }; return nil }
func sBadSave(_ e: SessionError) -> String? { if case .BadSave(let m) = e { return m }; return nil }
func sBadScriptLine(_ e: SessionError) -> String? { if case .BadScriptLine(let m) = e { return m }; return nil }
func sInternal(_ e: SessionError) -> String? { if case .Internal(let m) = e { return m }; return nil }

func settingsTests(_ args: [String]) {
    test("settings: errors of settings and saves are typed and in the player's language") {
        var scopone = sessionSettings(3, [nil, nil, nil], lang: .it)
        scopone.rules.deal = .scopone
        try expectSession("InvalidSettings", "la distribuzione Scopone (9 a testa, 4 in tavola) vuole 4 giocatori, non 3", sInvalidSettings) {
            try checkSettings(settings: scopone)
        }
        var undo = sessionSettings(2, [nil, nil])
        undo.undo = true
        let p = Platform()
        try expectSession("InvalidSettings", "undo is only for one person playing against the computer, and 2 seats are people", sInvalidSettings) {
            _ = try GameController(settings: undo, seed: 1, pacing: appsPacing(), store: MemoryStore(), timer: p, listener: p)
        }
        try check(p.frames.isEmpty, "no frame from a refused controller")
        let c = try controller(sessionSettings(2, [nil, .easy], lang: .it), 9, MemoryStore(), p)
        var bad = try c.save()
        bad[200] ^= 0x40
        try expectSession("BadSave", "La partita salvata non si può leggere: il salvataggio è danneggiato (il checksum non corrisponde)", sBadSave) {
            _ = try GameController.restore(bytes: bad, lang: .it, pacing: appsPacing(), store: MemoryStore(), timer: p, listener: p)
        }
        try expectSession("BadSave", nil, sBadSave) {
            _ = try GameController.restore(bytes: Data(), lang: .en, pacing: appsPacing(), store: MemoryStore(), timer: p, listener: p)
        }
        try expectSession("BadScriptLine", nil, sBadScriptLine) { _ = try parseScriptLine(line: "11x") }
    }

    test("settings: default rules, texts in both languages, script lines") {
        try eq(defaultRules(), RulesConfig(players: 2, deal: .standard, target: 11, primiera: .classic, ace: .plain, napola: false, reBello: false, kingsRedeal: true), "defaultRules")
        try eq(defaultSettings(lang: .it).lang, .it, "default settings' language")
        try checkSettings(settings: defaultSettings(lang: .en))
        let it = uiTexts(lang: .it)
        try eq(it.cards[6], "7 di denari", "card name")
        try eq(it.labels.newMatch, "Nuova partita", "label")
        try eq(uiTexts(lang: .en).labels.carryOn, "Continue", "label")
        try eq(langFromTag(tag: "it-IT"), .it, "lang of it-IT")
        try eq(langFromTag(tag: "en-GB"), .en, "lang of en-GB")
        try eq(try parseScriptLine(line: "10b 1d 9d # a move"), .move(card: 39, capture: [0, 8]), "script line")
        // Two decks (6 or 8 players): both copies of the 3 of coppe, named twice.
        try eq(try parseScriptLine(line: "6b 3c 3c"), .move(card: 35, capture: [12, 12]), "script line taking a card twice")
        try eq(maxSeats(), 8, "maxSeats")
        for players in [6, 8] {
            try checkSettings(settings: sessionSettings(UInt32(players), [AiLevel?](repeating: nil, count: players)))
            var b = sessionSettings(UInt32(players), [AiLevel?](repeating: .easy, count: players))
            b.briscola = BriscolaConfig(players: UInt8(players), handSize: 3, target: 2)
            try checkSettings(settings: b)
            guard case .settings(let back) = try parseScriptLine(line: try transcriptStart(settings: b)) else {
                throw Failure(description: "not a settings line")
            }
            try eq(back.briscola, b.briscola, "Briscola at \(players) read back")
        }
        try expectSession("InvalidSettings", nil, sInvalidSettings) {
            try checkSettings(settings: sessionSettings(7, [AiLevel?](repeating: nil, count: 7)))
        }
        let settings = sessionSettings(3, [nil, .expert, .handheld])
        let line = try transcriptStart(settings: settings)
        try eq(line, "session players 3 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human expert handheld", "transcript start")
        guard case .settings(let back) = try parseScriptLine(line: line) else { throw Failure(description: "not a settings line") }
        try eq(back.rules, settings.rules, "rules read back")
        try eq(Array(back.seats.prefix(3)), settings.seats, "seats read back")
    }
}
