import Foundation
import ScopaController
import ScopaEngine
import XCTest

/// The same cases as android/controller's GameControllerTest, on the Swift controller.
final class GameControllerTests: XCTestCase {
    /// The settings a save holds, read back by a controller launched on it.
    private func savedSettings(_ bytes: Data) -> SessionSettings {
        let c = newController(store: InMemorySaveStore(bytes))
        c.launch()
        return c.state.settings
    }

    func testAWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange() throws {
        let store = InMemorySaveStore()
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(store: store, pacer: pacer, rec: rec)
        XCTAssertTrue(c.newMatch(settings(2, [nil, .medium]), seed: 11))
        XCTAssertEqual(c.state.screen, .table)
        XCTAssertEqual(c.frame.seats.map(\.name), ["You", "Player 2"])
        XCTAssertEqual(store.writes, 1)
        let run = Run()
        var steps = 0
        while try c.step(run, pacer, hinted) {
            // What is on the disk is the session, always.
            XCTAssertEqual(c.currentSave(), store.data)
            steps += 1
            XCTAssertLessThan(steps, 10000)
        }
        checkFinishedMatch(c, rec, run)
        XCTAssertEqual(store.writes, c.savesWritten)
        XCTAssertGreaterThan(store.writes, run.plays, "a save per change")
        let reopened = newController(store: InMemorySaveStore(store.data))
        reopened.launch()
        XCTAssertTrue(reopened.frame.over)
        // A rematch: same settings, the next match's deal.
        c.press(.rematch)
        XCTAssertEqual(c.frame.matchNumber, 1)
        XCTAssertEqual(c.frame.events.count, 1)
        XCTAssertTrue(c.frame.events[0].line.hasPrefix("hand 0 "))
        // Back to the settings, which keep the match's settings; then back to the match.
        c.showSettings()
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertEqual(c.state.settings.rules.players, 2)
        XCTAssertTrue(c.state.canResume)
        c.resume()
        XCTAssertEqual(c.state.screen, .table)
    }

    func testBothCopiesOfACardAreOneCaptureOptionAtATableOfSix() throws {
        // Six people, seed 10 (two decks): the first table is 9c 2s 2s 3s 5s 6b 6b 10b and
        // seat 1 holds the 7c, which takes 2s 2s 3s or 2s 5s. Cards are indices: 9c 18, 2s 21,
        // 3s 22, 5s 24, 6b 35, 10b 39, 7c 16.
        let pacer = ManualPacer()
        let c = newController(pacer: pacer)
        XCTAssertTrue(c.newMatch(settings(6, [nil, nil, nil, nil, nil, nil]), seed: 10))
        XCTAssertEqual(c.frame.bannerCase, .handOff)
        XCTAssertEqual(c.frame.tableCards, [18, 21, 21, 22, 24, 35, 35, 39])
        c.press(.proceed)
        XCTAssertEqual(c.frame.viewer, 1)
        let seven = try XCTUnwrap(c.frame.playable.first { $0.card.card == 16 })
        XCTAssertEqual(seven.ways, 2)
        c.select(16)
        let options = c.frame.captureOptions.map(\.cards)
        XCTAssertEqual(Set(options), Set([[21, 21, 22], [21, 24]]))
        c.chooseCapture(try XCTUnwrap(options.firstIndex(of: [21, 21, 22])))
        let played = try XCTUnwrap(c.frame.events.lazy.compactMap(\.play).first)
        XCTAssertEqual(played, Play(seat: 1, card: 16, takes: [21, 21, 22]))
        XCTAssertEqual(c.frame.tableCards, [18, 24, 35, 35, 39])
        XCTAssertTrue(c.frame.events.contains { $0.line == "play 1 7c 2s 2s 3s" })
    }

    func testCaptureChoiceOffersTheSessionsOptionsAndPlaysTheChosenOne() throws {
        for seed in UInt64(1)...400 {
            let pacer = ManualPacer()
            let c = newController(pacer: pacer)
            c.newMatch(settings(2, [nil, .random]), seed: seed)
            turns: for _ in 0..<18 {
                while pacer.runNext() {}
                let f = c.frame
                if f.playable.isEmpty { continue turns }
                for choice in f.playable {
                    let card = choice.card.card
                    c.select(card)
                    if c.frame.captureOptions.isEmpty {
                        XCTAssertEqual(choice.ways, 1)
                        continue turns
                    }
                    let options = c.frame.captureOptions
                    XCTAssertEqual(Int(choice.ways), options.count)
                    XCTAssertGreaterThanOrEqual(options.count, 2)
                    XCTAssertEqual(c.frame.choosing?.card, card)
                    XCTAssertTrue(c.frame.has(.cancel))
                    // Cancel once: nothing is played.
                    c.press(.cancel)
                    XCTAssertEqual(c.frame.table, f.table)
                    XCTAssertEqual(c.frame.hand, f.hand)
                    // Then choose the second option.
                    c.select(card)
                    c.chooseCapture(1)
                    XCTAssertNil(c.frame.refusal)
                    XCTAssertEqual(c.frame.events.first?.play, Play(seat: 0, card: card, takes: options[1].cards))
                    print("    capture choice: seed \(seed), card \(card) with \(options.count) captures, chose \(options[1].text)")
                    return
                }
            }
        }
        XCTFail("no seed in 1...400 gave the person a card with two captures")
    }

    func testTheAiWaitsForItsPauseAndTheScopaBannerForItsOwn() throws {
        let pacer = ManualPacer()
        let c = GameController(
            store: InMemorySaveStore(), pacer: pacer, lang: .en,
            pacing: Pacing(aiMs: 650, scopaMs: 1200, summaryMs: 3000, attended: true))
        // A seed where the AI leads: the first thing is a scheduled AI play.
        var seed: UInt64 = 1
        while true {
            c.newMatch(settings(2, [nil, .easy]), seed: seed)
            if c.frame.dueMs != nil { break }
            seed += 1
        }
        XCTAssertEqual(pacer.pending.last?.millis, 650)
        XCTAssertEqual(c.frame.dueMs, 650)
        // Only the first deal to show, until the pause is over.
        XCTAssertEqual(c.frame.events.count, 1)
        XCTAssertTrue(c.frame.events[0].line.hasPrefix("hand 0 "))
        while pacer.runNext() {} // the timers of the earlier seeds' sessions do nothing
        XCTAssertEqual(c.frame.events.count, 1)
        XCTAssertEqual(c.frame.events[0].play?.seat, 1)
        XCTAssertFalse(c.frame.playable.isEmpty)
        XCTAssertTrue(pacer.pending.isEmpty)
        // Until a scopa (in this match or the next ones): its banner waits 1200 ms, or the
        // player's tap.
        while c.frame.bannerCase != .scopa {
            let f = c.frame
            if pacer.runNext() {
            } else if !f.playable.isEmpty {
                c.select(f.playable[0].card.card)
            } else if !f.captureOptions.isEmpty {
                c.chooseCapture(0)
            } else if f.over {
                seed += 1
                c.newMatch(seed: seed)
            } else {
                c.press(.proceed)
            }
            XCTAssertLessThan(seed, 20, "a scopa in 20 matches")
            if seed >= 20 { return }
        }
        XCTAssertEqual(pacer.pending.map(\.millis), [1200])
        XCTAssertTrue(c.frame.status.hasPrefix("Scopa!"), c.frame.status)
        XCTAssertTrue(c.frame.has(.proceed))
        c.press(.proceed)
        let after = c.frame
        // The banner's timer, now stale, does nothing.
        pacer.pending.removeAll { $0.millis != 1200 }
        pacer.runNext()
        XCTAssertEqual(after, c.frame)
        XCTAssertNil(c.state.message)
    }

    func testKillAndRestoreContinueExactlyAsAnUninterruptedMatch() throws {
        let s = settings(2, [nil, .medium])
        let seed: UInt64 = 2024
        let pa = ManualPacer()
        let recA = Recorder()
        let a = newController(pacer: pa, rec: recA)
        a.newMatch(s, seed: seed)
        try a.playToEnd(pa)
        // Killed after every 7th play and on every hand summary: the controller is dropped
        // without cleanup, a new one launched on the same file.
        let dir = try tempDir(removedAfter: self)
        let path = dir + "/match.scopa"
        var pb = ManualPacer()
        var rec = Recorder()
        var b = newController(store: FileSaveStore(path: path), pacer: pb, rec: rec)
        b.newMatch(s, seed: seed)
        var lines: [String] = []
        let runB = Run()
        var kills = 0
        while try b.step(runB, pb, firstCard) {
            let f = b.frame
            if !f.over && (runB.plays % 7 == 0 || f.bannerCase == .handOver) {
                while pb.runNext() {}
                let before = b.frame
                lines += rec.lines
                pb = ManualPacer()
                rec = Recorder()
                b = newController(store: FileSaveStore(path: path), pacer: pb, rec: rec)
                let after = b.launch()
                // The restored frame shows the hand's deal again: not a new event.
                rec.lines.removeAll()
                kills += 1
                XCTAssertNil(after.message)
                // The recap is the hands this controller saw finish (it is not in the save), and
                // a delay's token is the controller's own ticket: both start again.
                XCTAssertEqual(restartable(before), restartable(after.frame!))
                XCTAssertEqual(after.settings, s)
                XCTAssertEqual(FileManager.default.contents(atPath: path), b.currentSave())
            }
        }
        lines += rec.lines
        XCTAssertGreaterThanOrEqual(kills, 5)
        XCTAssertEqual(recA.lines, lines)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["match.scopa"])
        print("    killed and restored \(kills) times; \(lines.count) transcript lines identical")
    }

    func testACorruptSaveIsSetAsideReportedAndANewMatchCanStart() throws {
        let dir = try tempDir(removedAfter: self)
        let path = dir + "/match.scopa"
        let g = newController()
        g.newMatch(settings(2, [nil, .easy]), seed: 3)
        let good = g.currentSave()!
        var future = good
        future[4] = 2
        var flipped = good
        flipped[good.count / 2] ^= 0x10
        for (name, bytes) in [
            ("garbage", Data("not a scopa save".utf8)), ("empty", Data()), ("future version", future),
            ("truncated", good.prefix(good.count / 2)), ("bit flipped", flipped),
        ] {
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
            let store = FileSaveStore(path: path)
            let c = newController(store: store)
            let s = c.launch()
            XCTAssertEqual(s.screen, .settings, name)
            let msg = s.message ?? ""
            XCTAssertTrue(msg.hasPrefix("The saved match cannot be read: "), "\(name): \(msg)")
            XCTAssertTrue(msg.contains("It was kept aside; start a new match. (\(store.corruptPath))"), "\(name): \(msg)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), name)
            XCTAssertEqual(FileManager.default.contents(atPath: store.corruptPath), bytes, name)
            c.dismissMessage()
            XCTAssertTrue(c.newMatch(settings(2, [nil, .easy]), seed: 9))
            XCTAssertEqual(c.currentSave(), FileManager.default.contents(atPath: path))
        }
        // An unreadable save file (a directory in its place) is reported, not thrown.
        let blocked = dir + "/blocked.scopa"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        let c = newController(store: FileSaveStore(path: blocked))
        XCTAssertEqual(c.launch().screen, .settings)
        XCTAssertEqual(c.state.message, "The saved match cannot be read: \(blocked) is not a file. It was kept aside; start a new match.")
        // A save that cannot be written is reported in the frame while the game goes on.
        _ = FileManager.default.createFile(atPath: blocked + "/x", contents: Data("file".utf8))
        let d = newController(store: FileSaveStore(path: blocked + "/x/y"))
        XCTAssertTrue(d.newMatch(settings(2, [nil, .easy]), seed: 9))
        XCTAssertTrue(d.frame.saveError?.hasPrefix("The match could not be saved: ") ?? false, d.frame.saveError ?? "")
        XCTAssertEqual(d.state.screen, .table)
        XCTAssertEqual(d.savesWritten, 0)
    }

    func testASaveOfTheEarlierAppIsMigratedOnceAndPlaysOn() throws {
        // The earlier app's file (scopa-ffi/tests/legacy/mid-hand.scopaapp): SCOPAAPP, version 1,
        // flags 0, then the save of the first FFI's match object (SFFI): a person against the
        // medium AI, seed 77, five plays in; the person holds the 8 of spade (card 27).
        let hex = Array([
        "53434f50414150500100534646490102000300004d000000000000000101270000000000534350410102000b00000000",
        "010000000000000000009563a3e3fb04abb8202708161a1b05182611011c102122020625000b190e240409030a12171e",
        "0c140d231f0f1d071513050800000000401600000000002000004000001a000000000027000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "00000000000000000000000000000000000000000000000000000000000017376468322489ba",
        ].joined().utf8)
        let old = Data(stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! })
        XCTAssertEqual(old.count, 374)
        let store = InMemorySaveStore(old)
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(store: store, pacer: pacer, lang: .it, rec: rec)
        c.launch()
        XCTAssertNil(c.state.message)
        XCTAssertEqual(c.state.screen, .table)
        XCTAssertEqual(c.frame.handCards, [27])
        // Written again at once, in the session format.
        XCTAssertEqual(store.writes, 1)
        XCTAssertEqual(store.data!.count, 364)
        XCTAssertEqual(String(decoding: store.data!.prefix(4), as: UTF8.self), "SCPS")
        XCTAssertEqual(Array(c.state.settings.seats.prefix(2)), [nil, .medium])
        XCTAssertEqual(c.frame.seats[0].name, "Tu")
        checkFinishedMatch(c, rec, try c.playToEnd(pacer))
    }

    func testRefusedActionsShowInTheFrameAndChangeNothing() throws {
        let pacer = ManualPacer()
        let store = InMemorySaveStore()
        let c = newController(store: store, pacer: pacer)
        // Impossible settings: the session's reason, no session starts.
        var three = settings(3, [nil, .easy, .easy])
        three.rules.deal = .scopone
        c.updateSettings(three)
        XCTAssertEqual(c.state.settingsError, "the deal Scopone (9 each, 4 on the table) needs 4 players, not 3")
        XCTAssertFalse(c.newMatch())
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertEqual(c.state.message, c.state.settingsError)
        XCTAssertEqual(store.writes, 0)
        c.updateSettings(settings(2, [nil, .easy]))
        XCTAssertNil(c.state.settingsError)
        // A match; until the person's turn.
        XCTAssertTrue(c.newMatch(seed: 77))
        while c.frame.playable.isEmpty { pacer.runNext() }
        let table = c.frame
        let saves = store.writes
        func unchanged(_ what: String) {
            XCTAssertEqual(c.frame.hand, table.hand, what)
            XCTAssertEqual(c.frame.table, table.table, what)
            XCTAssertEqual(store.writes, saves, what)
            XCTAssertNotNil(c.frame.refusal, what)
        }
        let notMine = (0..<40).map { UInt8($0) }.first { !table.handCards.contains($0) }!
        c.select(notMine)
        XCTAssertTrue(c.frame.refusal?.hasSuffix("is not in the hand of You.") ?? false, c.frame.refusal ?? "")
        unchanged("card not in hand")
        c.press(.proceed)
        XCTAssertEqual(c.frame.refusal, "Continuing is not possible now: Your turn: play a card.")
        unchanged("continue while playing")
        c.chooseCapture(3)
        XCTAssertTrue(c.frame.refusal?.hasPrefix("Choosing a capture is not possible now") ?? false)
        unchanged("no capture to choose")
        c.press(.undo)
        XCTAssertTrue(c.frame.refusal?.hasPrefix("Undo is off") ?? false)
        unchanged("undo off")
        c.press(.rematch)
        unchanged("rematch during a match")
        c.select(40)
        XCTAssertTrue(c.state.message?.hasPrefix("card index 40 is not 0 to 39") ?? false, c.state.message ?? "")
        c.dismissMessage()
        // During the AI's turn: no hint, no card.
        c.select(table.playable[0].card.card)
        if c.frame.dueMs != nil {
            c.press(.hint)
            XCTAssertTrue(c.frame.refusal?.hasPrefix("A hint is not possible now: Player 2 is thinking") ?? false, c.frame.refusal ?? "")
            XCTAssertNil(c.frame.hint)
        }
    }

    func testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns() throws {
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(pacer: pacer, rec: rec)
        XCTAssertTrue(c.newMatch(settings(4, [nil, nil, nil, nil]), seed: 404))
        XCTAssertEqual(c.frame.bannerCase, .handOff)
        XCTAssertTrue(c.frame.status.hasPrefix("Hand the device to Player "), c.frame.status)
        XCTAssertEqual(c.frame.sides.map(\.name), ["Players 1 & 3", "Players 2 & 4"])
        let run = try c.playToEnd(pacer)
        checkFinishedMatch(c, rec, run)
        // Every play of a person came after a hand-over (the step checks the cards were hidden).
        XCTAssertEqual(run.plays, run.handOffs)
        XCTAssertEqual(rec.lines.filter { $0.hasPrefix("play ") }.count, run.plays)
    }

    func testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd() throws {
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(pacer: pacer, rec: rec)
        var s = settings(4, [nil, .expert, nil, .easy])
        s.rules.deal = .scopone
        XCTAssertTrue(c.newMatch(s, seed: 12))
        let run = try c.playToEnd(pacer)
        checkFinishedMatch(c, rec, run)
        let people = rec.frames.flatMap(\.events).compactMap(\.play).filter { $0.seat % 2 == 0 }.count
        XCTAssertEqual(people, run.plays)
        XCTAssertGreaterThan(run.handOffs, 0)
    }

    func testWatchModePlaysByItselfAndShowsNoHand() throws {
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(pacer: pacer, rec: rec)
        XCTAssertTrue(c.newMatch(settings(3, [.random, .easy, .medium]), seed: 33))
        while pacer.runNext() {
            XCTAssertNil(c.frame.viewer)
            XCTAssertTrue(c.frame.hand.isEmpty)
        }
        XCTAssertTrue(c.frame.over)
        XCTAssertTrue(rec.lines.last?.hasPrefix("winner ") ?? false)
        XCTAssertTrue(rec.frames.contains { $0.bannerCase == .handOver })
    }

    func testSettingsEditingAndEveryRulesOptionReachTheSession() throws {
        let c = newController()
        let d = c.state.settings
        XCTAssertEqual(d.seats, seatList([nil, .expert]))
        let four = d.withPlayers(4)
        XCTAssertEqual(four.seats, seatList([nil, .expert, .expert, .expert]))
        XCTAssertEqual(four.withAiLevel(.easy).seats, seatList([nil, .easy, .easy, .easy]))
        let partner = four.withSeat(2, nil)
        XCTAssertEqual(partner.seats, seatList([nil, .expert, nil, .expert]))
        // Six and eight players (two decks): the new seats are the computer, partners opposite.
        let eight = partner.withPlayers(8).withSeat(4, nil)
        XCTAssertEqual(eight.seats, seatList([nil, .expert, nil, .expert, nil, .expert, .expert, .expert]))
        XCTAssertTrue(c.newMatch(eight.withAiLevel(.easy), seed: 8))
        XCTAssertEqual(c.frame.seats.map(\.side), [0, 1, 2, 3, 0, 1, 2, 3])
        XCTAssertEqual(c.frame.sides.count, 4)
        let six = d.withPlayers(6)
        XCTAssertEqual(six.seats, seatList([nil, .expert, .expert, .expert, .expert, .expert]))
        XCTAssertTrue(c.newMatch(six, seed: 6))
        XCTAssertEqual(c.frame.sides.count, 3)
        XCTAssertEqual(c.frame.tableCards.count, 8) // two decks: 8 on the first table
        XCTAssertEqual(c.frame.hand.count, 3)
        var undo = partner
        undo.undo = true
        c.updateSettings(undo)
        XCTAssertEqual(c.state.settingsError, "undo is only for one person playing against the computer, and 2 seats are people")
        var s = four
        s.rules.deal = .scoponeScientifico
        s.rules.target = 21
        s.rules.primiera = .lenient
        s.rules.ace = .takesAll
        s.rules.napola = true
        s.rules.reBello = true
        s.rules.kingsRedeal = false
        s.seats = four.withAiLevel(.handheld).seats
        XCTAssertTrue(c.newMatch(s, seed: 21))
        XCTAssertEqual(c.state.settings, s)
        let restored = savedSettings(c.currentSave()!)
        XCTAssertEqual(restored.rules, s.rules)
        XCTAssertEqual(restored.seats, s.seats)
        // Who plays each seat, as the settings line names it.
        let lineName: (AiLevel?) -> String = { level in
            switch level {
            case nil: return "human"
            case .random: return "random"
            case .easy: return "easy"
            case .medium: return "medium"
            case .expert: return "expert"
            case .handheld: return "handheld"
            }
        }
        XCTAssertEqual(c.frame.seats.map(\.player), s.seats.prefix(4).map(lineName))
        for ace in c.state.texts.aceRules.map(\.rule) {
            for p in c.state.texts.primieraRules.map(\.rule) {
                var t = d
                t.rules.ace = ace
                t.rules.primiera = p
                XCTAssertTrue(c.newMatch(t, seed: 1))
                XCTAssertEqual(savedSettings(c.currentSave()!).rules, t.rules)
            }
        }
        // The texts of the settings screen come from the session, in both languages.
        XCTAssertEqual(c.state.texts.levels.count, 5)
        XCTAssertEqual(newController(lang: .it).state.texts.labels.aiLevel, "Livello del computer")
    }

    func testUndoTakesBackThePersonsPlayAndTheAisAnswer() throws {
        let pacer = ManualPacer()
        let store = InMemorySaveStore()
        let c = newController(store: store, pacer: pacer)
        var s = settings(2, [nil, .easy])
        s.undo = true
        XCTAssertTrue(c.newMatch(s, seed: 4))
        var plays = 0
        while true {
            while pacer.runNext() {}
            if c.frame.has(.undo) { break }
            plays += 1
            XCTAssertTrue(!c.frame.playable.isEmpty && plays < 40, "a person's play to take back")
            if plays >= 40 { return }
            c.select(c.frame.playable[0].card.card)
            if !c.frame.captureOptions.isEmpty { c.chooseCapture(0) }
        }
        let before = c.frame
        c.press(.undo)
        XCTAssertNil(c.frame.refusal)
        XCTAssertEqual(c.frame.hand.count, before.hand.count + 1)
        XCTAssertTrue(c.frame.events.isEmpty)
        XCTAssertEqual(c.currentSave(), store.data)
    }

    func testTheSystemLanguageSetsEveryText() throws {
        let pacer = ManualPacer()
        let rec = Recorder()
        let c = newController(pacer: pacer, lang: .it, rec: rec)
        XCTAssertEqual(c.state.texts.labels.newMatch, "Nuova partita")
        XCTAssertEqual(c.state.texts.cards[6], "7 di denari")
        c.newMatch(settings(2, [nil, .easy]), seed: 5)
        while c.frame.playable.isEmpty { pacer.runNext() }
        XCTAssertEqual(c.frame.status, "Tocca a te: gioca una carta.")
        c.select(c.frame.playable[0].card.card)
        if !c.frame.captureOptions.isEmpty { c.chooseCapture(0) }
        let texts = rec.frames.flatMap(\.events).map(\.text)
        XCTAssertTrue(texts[0].hasPrefix("Mano 1 · Mazziere: "), texts[0])
        XCTAssertTrue(texts.contains { $0.hasPrefix("Tu: ") })
        c.press(.proceed)
        XCTAssertTrue(c.frame.refusal?.hasPrefix("Continuare non è possibile ora") ?? false, c.frame.refusal ?? "")
    }

    func testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles() throws {
        let dir = try tempDir(removedAfter: self) + "/nested/dir"
        let path = dir + "/match.scopa"
        let store = FileSaveStore(path: path)
        XCTAssertNil(try store.load())
        try store.save(Data([1, 2, 3]))
        XCTAssertEqual(try store.load(), Data([1, 2, 3]))
        let big = Data((0..<500).map { UInt8(truncatingIfNeeded: $0) })
        try store.save(big)
        XCTAssertEqual(try store.load(), big)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["match.scopa"])
        try store.clear()
        XCTAssertNil(try store.load())
        XCTAssertNil(try store.setAside())
    }

    static let allTests = [
        ("testAWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange", testAWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange),
        ("testCaptureChoiceOffersTheSessionsOptionsAndPlaysTheChosenOne", testCaptureChoiceOffersTheSessionsOptionsAndPlaysTheChosenOne),
        ("testTheAiWaitsForItsPauseAndTheScopaBannerForItsOwn", testTheAiWaitsForItsPauseAndTheScopaBannerForItsOwn),
        ("testKillAndRestoreContinueExactlyAsAnUninterruptedMatch", testKillAndRestoreContinueExactlyAsAnUninterruptedMatch),
        ("testACorruptSaveIsSetAsideReportedAndANewMatchCanStart", testACorruptSaveIsSetAsideReportedAndANewMatchCanStart),
        ("testASaveOfTheEarlierAppIsMigratedOnceAndPlaysOn", testASaveOfTheEarlierAppIsMigratedOnceAndPlaysOn),
        ("testRefusedActionsShowInTheFrameAndChangeNothing", testRefusedActionsShowInTheFrameAndChangeNothing),
        ("testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns", testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns),
        ("testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd", testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd),
        ("testWatchModePlaysByItselfAndShowsNoHand", testWatchModePlaysByItselfAndShowsNoHand),
        ("testSettingsEditingAndEveryRulesOptionReachTheSession", testSettingsEditingAndEveryRulesOptionReachTheSession),
        ("testUndoTakesBackThePersonsPlayAndTheAisAnswer", testUndoTakesBackThePersonsPlayAndTheAisAnswer),
        ("testTheSystemLanguageSetsEveryText", testTheSystemLanguageSetsEveryText),
        ("testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles", testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles),
        ("testBothCopiesOfACardAreOneCaptureOptionAtATableOfSix", testBothCopiesOfACardAreOneCaptureOptionAtATableOfSix),
    ]
}

/// `f` without what a new controller starts again: the events, the recap, the delay's token.
private func restartable(_ f: Frame) -> Frame {
    var f = f
    f.events = []
    f.recap = []
    if case var .due(due) = f.next {
        due.token = 0
        f.next = .due(due)
    }
    return f
}
