import Foundation
import ScopaController
import ScopaEngine
import XCTest

/// The same cases as android/controller's GameControllerTest, on the Swift controller.
final class GameControllerTests: XCTestCase {
    func testAWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange() throws {
        let store = InMemorySaveStore()
        let pacer = ManualPacer()
        let c = newController(store: store, pacer: pacer)
        XCTAssertTrue(c.newMatch(settings(2, [nil, .medium]), seed: 11))
        XCTAssertEqual(c.state.screen, .table)
        XCTAssertEqual(c.state.names!.seats, ["You", "Player 2"])
        let run = Run()
        var steps = 0
        while try c.step(run, pacer, hinted) {
            // What is on the disk is the session, always.
            XCTAssertEqual(c.currentSave(), store.data)
            steps += 1
            XCTAssertLessThan(steps, 10000)
        }
        c.drainEvents(into: &run.events)
        checkFinishedMatch(c, run)
        XCTAssertEqual(store.writes, c.savesWritten)
        XCTAssertGreaterThan(store.writes, run.plays)
        XCTAssertTrue(isOver(try Session.restore(bytes: store.data!, lang: .en).state().phase))
        // A rematch: same settings, the next match's deal.
        c.rematch()
        XCTAssertEqual(c.state.table!.matchNumber, 1)
        XCTAssertEqual(c.state.events.count, 1)
        guard case .newHand = c.state.events[0].event else { return XCTFail("rematch: \(c.state.events)") }
        // Back to the settings, which keep the match's settings; then back to the match.
        c.showSettings()
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertEqual(c.state.settings.rules.players, 2)
        XCTAssertTrue(c.state.canResume)
        c.resume()
        XCTAssertEqual(c.state.screen, .table)
    }

    func testCaptureChoiceOffersTheSessionsOptionsAndPlaysTheChosenOne() throws {
        for seed in UInt64(1)...400 {
            let pacer = ManualPacer()
            let c = newController(pacer: pacer)
            c.newMatch(settings(2, [nil, .random]), seed: seed)
            for _ in 0..<18 {
                while pacer.runNext() { c.drainEvents() }
                let s = c.state
                guard isPlay(s.phase) else { break }
                for card in cardsOf(s.table!.hand) {
                    c.select(card)
                    guard isChoose(c.state.phase) else { break }
                    let options = c.state.captureOptions
                    XCTAssertGreaterThanOrEqual(options.count, 2)
                    XCTAssertEqual(c.state.phase, .chooseCapture(seat: 0, card: card))
                    // Cancel once: nothing is played.
                    c.cancelCapture()
                    XCTAssertEqual(c.state.table, s.table)
                    // Then choose the second option.
                    c.drainEvents()
                    c.select(card)
                    c.chooseCapture(1)
                    XCTAssertNil(c.state.message)
                    XCTAssertEqual(c.state.events.first?.event, .played(seat: 0, card: card, capture: options[1]))
                    print("    capture choice: seed \(seed), card \(card) with \(options.count) captures, chose \(options[1])")
                    return
                }
            }
        }
        XCTFail("no seed in 1...400 gave the person a card with two captures")
    }

    func testTheAiWaitsForItsPauseAndTheScopaBannerForItsOwn() throws {
        let pacer = ManualPacer()
        let c = GameController(store: InMemorySaveStore(), pacer: pacer, lang: .en, aiDelayMillis: 650, bannerMillis: 1200)
        // A seed where the AI leads: the first thing is a scheduled AI play.
        var seed: UInt64 = 1
        while true {
            c.newMatch(settings(2, [nil, .easy]), seed: seed)
            if case .aiDue = c.state.phase { break }
            seed += 1
        }
        XCTAssertEqual(pacer.pending.last!.millis, 650)
        // Only the first deal to show, until the pause is over.
        XCTAssertEqual(c.state.events.count, 1)
        while pacer.runNext() {}  // the timers of the earlier seeds' sessions do nothing
        XCTAssertEqual(c.state.events.count, 2)
        guard case .played(let seat, _, _) = c.state.events[1].event else { return XCTFail("\(c.state.events)") }
        XCTAssertEqual(seat, 1)
        XCTAssertTrue(isPlay(c.state.phase))
        XCTAssertTrue(pacer.pending.isEmpty)
        // Until a scopa (in this match or the next ones): its banner waits 1200 ms, or the
        // player's tap.
        while true {
            if case .scopa = c.state.phase { break }
            c.eventsShown(c.state.events.count)
            if pacer.runNext() { continue }
            switch c.state.phase {
            case .play?: c.select(cardsOf(c.state.table!.hand)[0])
            case .chooseCapture?: c.chooseCapture(0)
            case .matchOver?:
                seed += 1
                c.newMatch(seed: seed)
            default: c.proceed()
            }
            if seed >= 20 { return XCTFail("no scopa in 20 matches") }
        }
        XCTAssertEqual(pacer.pending.count, 1)
        XCTAssertEqual(pacer.pending[0].millis, 1200)
        XCTAssertTrue(c.state.prompt.hasPrefix("Scopa!"), c.state.prompt)
        c.proceed()
        let after = c.state.phase
        // The banner's timer, now stale, does nothing.
        pacer.pending.removeAll { $0.millis != 1200 }
        pacer.runNext()
        XCTAssertEqual(c.state.phase, after)
        XCTAssertNil(c.state.message)
    }

    func testKillAndRestoreContinueExactlyAsAnUninterruptedMatch() throws {
        let s = settings(2, [nil, .medium])
        let seed: UInt64 = 2024
        let pa = ManualPacer()
        let a = newController(pacer: pa)
        a.newMatch(s, seed: seed)
        let runA = try a.playToEnd(pa)
        // Killed after every 7th play and on every hand summary: the controller is dropped,
        // a new one launched on the same file.
        let dir = try tempDir(removedAfter: self)
        let path = dir + "/match.scopa"
        var pb = ManualPacer()
        var b = newController(store: FileSaveStore(path: path), pacer: pb)
        b.newMatch(s, seed: seed)
        let runB = Run()
        var kills = 0
        while try b.step(runB, pb, firstCard) {
            let phase = b.state.phase
            var summary = false
            if case .handSummary = phase { summary = true }
            if !isOver(phase) && (runB.plays % 7 == 0 || summary) {
                b.drainEvents(into: &runB.events)
                let before = b.state
                pb = ManualPacer()
                b = newController(store: FileSaveStore(path: path), pacer: pb)
                let after = b.launch()
                kills += 1
                XCTAssertNil(after.message)
                XCTAssertEqual(before.table, after.table)
                XCTAssertEqual(before.summary, after.summary)
                XCTAssertEqual(before.settings, after.settings)
                XCTAssertEqual(FileManager.default.contents(atPath: path), b.currentSave())
            }
        }
        b.drainEvents(into: &runB.events)
        XCTAssertGreaterThanOrEqual(kills, 5)
        XCTAssertEqual(runA.events, runB.events)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["match.scopa"])
        print("    killed and restored \(kills) times; \(runA.events.count) events identical")
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
        // A save that cannot be written is reported while the game goes on.
        _ = FileManager.default.createFile(atPath: blocked + "/x", contents: Data("file".utf8))
        let d = newController(store: FileSaveStore(path: blocked + "/x/y"))
        XCTAssertTrue(d.newMatch(settings(2, [nil, .easy]), seed: 9))
        XCTAssertTrue(d.state.message?.hasPrefix("The match could not be saved: ") ?? false, d.state.message ?? "")
        XCTAssertEqual(d.state.screen, .table)
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
        let hand: Set<UInt8> = [27]
        let store = InMemorySaveStore(old)
        let pacer = ManualPacer()
        let c = newController(store: store, pacer: pacer, lang: .it)
        c.launch()
        XCTAssertNil(c.state.message)
        XCTAssertEqual(c.state.screen, .table)
        XCTAssertEqual(Set(cardsOf(c.state.table!.hand)), hand)
        // Written again at once, in the session format.
        XCTAssertEqual(store.data!.count, 364)
        XCTAssertEqual(String(decoding: store.data!.prefix(4), as: UTF8.self), "SCPS")
        XCTAssertEqual(Array(c.state.settings.seats.prefix(2)), [nil, .medium])
        XCTAssertEqual(c.state.names!.seats[0], "Tu")
        checkFinishedMatch(c, try c.playToEnd(pacer))
    }

    func testRefusedActionsBecomeMessagesAndChangeNothing() throws {
        let pacer = ManualPacer()
        let store = InMemorySaveStore()
        let c = newController(store: store, pacer: pacer)
        // Impossible settings: the session's reason, no session starts.
        var scopone = settings(3, [nil, .easy, .easy])
        scopone.rules.deal = .scopone
        c.updateSettings(scopone)
        XCTAssertEqual(c.state.settingsError, "the deal Scopone (9 each, 4 on the table) needs 4 players, not 3")
        XCTAssertFalse(c.newMatch())
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertEqual(c.state.message, c.state.settingsError)
        XCTAssertEqual(store.writes, 0)
        c.updateSettings(settings(2, [nil, .easy]))
        XCTAssertNil(c.state.settingsError)
        // A match; until the person's turn.
        XCTAssertTrue(c.newMatch(seed: 77))
        while !isPlay(c.state.phase) { pacer.runNext() }
        let table = c.state.table!
        let saves = store.writes
        func unchanged(_ what: String) {
            XCTAssertEqual(c.state.table, table, what)
            XCTAssertEqual(store.writes, saves, what)
            XCTAssertNotNil(c.state.message, what)
            c.dismissMessage()
        }
        let notMine = UInt8((0..<40).first { maskOf(UInt8($0)) & table.hand == 0 }!)
        c.select(notMine)
        XCTAssertTrue(c.state.message?.hasSuffix("is not in the hand of You.") ?? false, c.state.message ?? "")
        unchanged("card not in hand")
        c.proceed()
        XCTAssertEqual(c.state.message, "Continuing is not possible now: Your turn: play a card.")
        unchanged("continue while playing")
        c.chooseCapture(3)
        XCTAssertTrue(c.state.message?.hasPrefix("Choosing a capture is not possible now") ?? false)
        unchanged("no capture to choose")
        c.undo()
        XCTAssertTrue(c.state.message?.hasPrefix("Undo is off") ?? false)
        unchanged("undo off")
        c.rematch()
        unchanged("rematch during a match")
        // During the AI's turn: no hint.
        c.select(cardsOf(table.hand)[0])
        if case .aiDue = c.state.phase {
            c.requestHint()
            XCTAssertTrue(c.state.message?.hasPrefix("A hint is not possible now: Player 2 is thinking") ?? false, c.state.message ?? "")
            XCTAssertNil(c.state.hint)
        }
    }

    func testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns() throws {
        let pacer = ManualPacer()
        let c = newController(pacer: pacer)
        XCTAssertTrue(c.newMatch(settings(4, [nil, nil, nil, nil]), seed: 404))
        guard case .handOff = c.state.phase else { return XCTFail("\(String(describing: c.state.phase))") }
        XCTAssertTrue(c.state.prompt.hasPrefix("Hand the device to Player "), c.state.prompt)
        XCTAssertEqual(c.state.names!.sides, ["Players 1 & 3", "Players 2 & 4"])
        let run = try c.playToEnd(pacer)
        checkFinishedMatch(c, run)
        // Every play of a person came after a hand-over (the step checks the cards were hidden).
        XCTAssertEqual(run.plays, run.handOffs)
        XCTAssertEqual(run.events.filter { if case .played = $0 { return true } else { return false } }.count, run.plays)
    }

    func testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd() throws {
        let pacer = ManualPacer()
        let c = newController(pacer: pacer)
        var s = settings(4, [nil, .expert, nil, .easy])
        s.rules.deal = .scopone
        XCTAssertTrue(c.newMatch(s, seed: 12))
        let run = try c.playToEnd(pacer)
        checkFinishedMatch(c, run)
        let people = run.events.filter { if case .played(let seat, _, _) = $0 { return seat % 2 == 0 } else { return false } }.count
        XCTAssertEqual(people, run.plays)
        XCTAssertGreaterThan(run.handOffs, 0)
    }

    func testWatchModePlaysByItselfAndShowsNoHand() throws {
        let pacer = ManualPacer()
        let c = newController(pacer: pacer)
        XCTAssertTrue(c.newMatch(settings(3, [.random, .easy, .medium]), seed: 33))
        var events: [SessionEvent] = []
        while pacer.runNext() {
            c.drainEvents(into: &events)
            XCTAssertNil(c.state.table!.viewer)
            XCTAssertEqual(c.state.table!.hand, 0)
            // Hand summaries wait for a tap even in watch mode.
            if case .handSummary = c.state.phase { c.proceed() }
        }
        XCTAssertTrue(isOver(c.state.phase))
        guard case .matchFinished = events.last else { return XCTFail("\(String(describing: events.last))") }
    }

    func testSettingsEditingAndEveryRulesOptionReachTheSession() throws {
        let c = newController()
        let d = c.state.settings
        XCTAssertEqual(d.seats, [nil, .expert, nil, nil])
        let four = d.withPlayers(4)
        XCTAssertEqual(four.seats, [nil, .expert, .expert, .expert])
        XCTAssertEqual(four.withAiLevel(.easy).seats, [nil, .easy, .easy, .easy])
        let partner = four.withSeat(2, nil)
        XCTAssertEqual(partner.seats, [nil, .expert, nil, .expert])
        var undo = partner
        undo.undo = true
        c.updateSettings(undo)
        XCTAssertEqual(c.state.settingsError, "undo is only for one person playing against the computer, and 2 seats are people")
        var s = four.withAiLevel(.handheld)
        s.rules.deal = .scoponeScientifico
        s.rules.target = 21
        s.rules.primiera = .lenient
        s.rules.ace = .takesAll
        s.rules.napola = true
        s.rules.reBello = true
        s.rules.kingsRedeal = false
        XCTAssertTrue(c.newMatch(s, seed: 21))
        XCTAssertEqual(c.state.settings, s)
        let restored = try Session.restore(bytes: c.currentSave()!, lang: .en).settings()
        XCTAssertEqual(restored.rules, s.rules)
        XCTAssertEqual(restored.seats, s.seats)
        XCTAssertTrue(c.state.names!.rules.contains("Scopone scientifico"), c.state.names!.rules)
        for ace in c.state.texts.aceRules.map(\.rule) {
            for p in c.state.texts.primieraRules.map(\.rule) {
                var t = d
                t.rules.ace = ace
                t.rules.primiera = p
                XCTAssertTrue(c.newMatch(t, seed: 1))
                XCTAssertEqual(try Session.restore(bytes: c.currentSave()!, lang: .en).settings().rules, t.rules)
            }
        }
        // The texts of the settings screen come from the session, in both languages.
        XCTAssertEqual(c.state.texts.levels.count, 5)
        XCTAssertEqual(c.state.texts.deals.map(\.deal), [.standard, .scopone, .scoponeScientifico])
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
            if c.state.table!.canUndo { break }
            plays += 1
            guard isPlay(c.state.phase), plays < 40 else { return XCTFail("no play to take back") }
            c.select(cardsOf(c.state.table!.hand)[0])
            if isChoose(c.state.phase) { c.chooseCapture(0) }
        }
        let before = c.state.table!
        c.undo()
        XCTAssertNil(c.state.message)
        let after = c.state.table!
        XCTAssertLessThan(after.plays, before.plays)
        XCTAssertEqual(after.hand.nonzeroBitCount, before.hand.nonzeroBitCount + 1)
        XCTAssertEqual(c.currentSave(), store.data)
    }

    func testTheSystemLanguageSetsEveryText() throws {
        let pacer = ManualPacer()
        let c = newController(pacer: pacer, lang: .it)
        XCTAssertEqual(c.state.texts.labels.newMatch, "Nuova partita")
        XCTAssertEqual(c.state.texts.cards[6], "7 di denari")
        c.newMatch(settings(2, [nil, .easy]), seed: 5)
        while !isPlay(c.state.phase) { pacer.runNext() }
        XCTAssertEqual(c.state.prompt, "Tocca a te: gioca una carta.")
        c.select(cardsOf(c.state.table!.hand)[0])
        if isChoose(c.state.phase) { c.chooseCapture(0) }
        XCTAssertTrue(c.state.events[0].text.hasPrefix("Mano 1 · Mazziere: "), c.state.events[0].text)
        XCTAssertTrue(c.state.events.contains { $0.text.hasPrefix("Tu: ") })
        c.proceed()
        XCTAssertTrue(c.state.message?.hasPrefix("Continuare non è possibile ora") ?? false, c.state.message ?? "")
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
        ("testRefusedActionsBecomeMessagesAndChangeNothing", testRefusedActionsBecomeMessagesAndChangeNothing),
        ("testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns", testPassAndPlayFourPeopleHandTheDeviceOverBetweenTurns),
        ("testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd", testScoponeWithTwoPeopleAndTwoAisPlaysToTheEnd),
        ("testWatchModePlaysByItselfAndShowsNoHand", testWatchModePlaysByItselfAndShowsNoHand),
        ("testSettingsEditingAndEveryRulesOptionReachTheSession", testSettingsEditingAndEveryRulesOptionReachTheSession),
        ("testUndoTakesBackThePersonsPlayAndTheAisAnswer", testUndoTakesBackThePersonsPlayAndTheAisAnswer),
        ("testTheSystemLanguageSetsEveryText", testTheSystemLanguageSetsEveryText),
        ("testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles", testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles),
    ]
}
