import Foundation
import ScopaController
import ScopaEngine
import XCTest

/// The same cases as android/controller's GameControllerTest, on the Swift controller.
final class GameControllerTests: XCTestCase {
    func testFullTwoPlayerMatchWithHandSummariesAndAutosaves() throws {
        let store = InMemorySaveStore()
        let c = newController(store: store)
        XCTAssertTrue(c.newMatch(Settings(players: 2, aiLevel: .medium), seed: 11))
        let run = try c.playToEnd { v in
            // The human follows the hint, exercising the hint on every turn.
            c.requestHint()
            guard let h = c.state.hint else { throw TestFailure("no hint: \(c.state.message ?? "")") }
            XCTAssertTrue(v.legalMoves.contains(h.move))
            return h.move
        }
        checkFinishedMatch(c, run, players: 2)
        // A save after the new match, after every play and after each hand summary was
        // dismissed; the last one is the finished match.
        let plays = run.events.filter { if case .played = $0 { return true } else { return false } }.count
        XCTAssertEqual(store.writes, plays + 1 + (run.hands.count - 1))
        XCTAssertEqual(store.writes, c.savesWritten)
        let last = try ScopaMatch.restore(bytes: SaveFile.decode(store.data!).engine)
        XCTAssertTrue(try last.isOver())
        XCTAssertEqual(try last.winner(), c.state.winnerSide.map { UInt32($0) })
        c.showSettings()
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertEqual(c.state.settings.players, 2)
    }

    func testCaptureChoiceOffersExactlyTheEnginesCapturesAndPlaysTheChosenOne() throws {
        for seed in UInt64(1)...400 {
            let c = newController()
            c.newMatch(Settings(players: 2, aiLevel: .random), seed: seed)
            for _ in 0..<18 {
                guard c.state.screen == .playing, let v = c.state.view, v.isMyTurn else { break }
                var byCard: [Card: [Move]] = [:]
                var order: [Card] = []
                for m in v.legalMoves {
                    if byCard[m.card] == nil { order.append(m.card) }
                    byCard[m.card, default: []].append(m)
                }
                guard let card = order.first(where: { byCard[$0]!.count >= 2 }) else {
                    try c.playLikeUi(v.legalMoves[0])
                    continue
                }
                let moves = byCard[card]!
                let savesBefore = c.savesWritten
                // Cancel once: nothing is played.
                c.selectCard(card)
                XCTAssertEqual(c.state.screen, .choosingCapture)
                XCTAssertEqual(c.state.selectedCard, card)
                XCTAssertEqual(c.state.captureOptions, moves)
                c.cancelCapture()
                XCTAssertEqual(c.state.screen, .playing)
                XCTAssertEqual(c.state.view, v)
                XCTAssertEqual(c.savesWritten, savesBefore)
                // Then choose the second option.
                c.drainEvents()
                c.selectCard(card)
                XCTAssertEqual(c.state.captureOptions, moves)
                let chosen = c.state.captureOptions[1]
                c.chooseCapture(1)
                XCTAssertNil(c.state.message)
                guard case let .played(seat, move)? = c.state.events.first else {
                    return XCTFail("the first event is not the human's play: \(c.state.events)")
                }
                XCTAssertEqual(seat, c.humanSeat)
                XCTAssertEqual(move, chosen)
                XCTAssertGreaterThan(c.savesWritten, savesBefore)
                print("    capture choice: seed \(seed), \(card.code) with \(moves.count) captures, chose \(chosen.capture.map { $0.code })")
                return
            }
        }
        XCTFail("no seed in 1...400 gave the human a card with two captures")
    }

    func testHintIsALegalMoveWithAReasonAndOnlyOnTheHumansTurn() throws {
        let pacer = ManualPacer()
        let c = newController(pacer: pacer)
        c.newMatch(Settings(players: 2, aiLevel: .easy), seed: 5)
        while pacer.runNext() {}
        let v = c.state.view!
        XCTAssertTrue(v.isMyTurn)
        c.requestHint()
        let h = try XCTUnwrap(c.state.hint)
        XCTAssertTrue(v.legalMoves.contains(h.move))
        XCTAssertTrue(h.text.hasPrefix("Play \(Texts.move(h.move)): \(Texts.hintReason(h.hint.reason))."), h.text)
        XCTAssertFalse(h.hint.explanation.isEmpty)
        try c.playLikeUi(h.move)
        XCTAssertNil(c.state.hint)
        XCTAssertTrue(c.state.aiPending)
        XCTAssertFalse(c.state.view!.isMyTurn)
        c.requestHint()
        XCTAssertNil(c.state.hint)
        XCTAssertTrue(c.state.message?.hasPrefix("Wait: it is not your turn.") ?? false, c.state.message ?? "nil")
    }

    func testAutosaveAndRestoreAfterAKillContinueExactlyAsAnUninterruptedMatch() throws {
        let settings = Settings(players: 2, target: 11, aiLevel: .medium)
        let seed: UInt64 = 2024
        // Uninterrupted.
        let a = newController()
        a.newMatch(settings, seed: seed)
        let runA = try a.playToEnd(firstLegal)
        // Killed after every 9th human play and on every hand summary: the controller is
        // dropped, a new one is created on the same file and launched.
        let dir = try tempDir(removedAfter: self)
        let path = dir + "/match.scopa"
        var c = newController(store: FileSaveStore(path: path))
        c.newMatch(settings, seed: seed)
        let runB = Run()
        var kills = 0
        while try c.step(runB, firstLegal) {
            let screen = c.state.screen
            if screen != .matchOver && (runB.humanPlays % 9 == 0 || screen == .handSummary) {
                // The UI has shown the events so far (unanimated events are not part of the save).
                c.drainEvents(into: &runB.events)
                let before = c.state
                c = newController(store: FileSaveStore(path: path))
                let after = c.launch()
                kills += 1
                XCTAssertNil(after.message)
                XCTAssertEqual(after.view, before.view)
                XCTAssertEqual(after.screen, before.screen)
                XCTAssertEqual(after.settings, before.settings)
                XCTAssertEqual(FileManager.default.contents(atPath: path), c.currentSave())
            }
        }
        c.drainEvents(into: &runB.events)
        XCTAssertGreaterThanOrEqual(kills, 5)
        XCTAssertEqual(runB.events, runA.events)
        XCTAssertEqual(c.state.finalScores, a.state.finalScores)
        // No temporary file is left next to the save.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["match.scopa"])
        print("    killed and restored \(kills) times; \(runA.events.count) events identical")
    }

    func testCorruptSaveAtLaunchIsReportedSetAsideAndANewMatchCanStart() throws {
        let dir = try tempDir(removedAfter: self)
        let path = dir + "/match.scopa"
        let maker = newController()
        maker.newMatch(Settings(), seed: 3)
        let good = try XCTUnwrap(maker.currentSave())
        let engineOnly = try SaveFile.decode(good).engine
        var flipped = [UInt8](good)
        flipped[flipped.count / 2] ^= 0x10
        var future = [UInt8](good)
        future[8] = 2
        var flag = [UInt8](good)
        flag[9] = 6
        let cases: [(String, Data)] = [
            ("garbage", Data("not a scopa save".utf8)),
            ("empty", Data()),
            ("engine bytes without the app header", engineOnly),
            ("future version", Data(future)),
            ("unknown flag", Data(flag)),
            ("truncated", good.prefix(good.count / 2)),
            ("bit flipped", Data(flipped)),
        ]
        for (name, bytes) in cases {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: bytes))
            let store = FileSaveStore(path: path)
            let c = newController(store: store)
            let s = c.launch()
            XCTAssertEqual(s.screen, .settings, name)
            let msg = try XCTUnwrap(s.message, name)
            XCTAssertTrue(msg.hasPrefix("The saved match could not be read:"), "\(name): \(msg)")
            XCTAssertTrue(msg.contains(store.corruptPath), "\(name): \(msg)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), name)
            XCTAssertEqual(FileManager.default.contents(atPath: store.corruptPath), bytes, name)
            c.dismissMessage()
            XCTAssertTrue(c.newMatch(Settings(), seed: 9), name)
            XCTAssertEqual(c.state.screen, .playing, name)
            XCTAssertEqual(FileManager.default.contents(atPath: path), c.currentSave(), name)
        }
        // An unreadable save file (a directory in its place) is reported, not thrown.
        let blocked = dir + "/blocked.scopa"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        let c = newController(store: FileSaveStore(path: blocked))
        XCTAssertEqual(c.launch().screen, .settings)
        XCTAssertEqual(c.state.message, "The saved match could not be read: \(blocked) is not a file. Start a new match.")
        // A save that cannot be written is reported while the game goes on.
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked + "/x", contents: Data("file".utf8)))
        let d = newController(store: FileSaveStore(path: blocked + "/x/y"))
        XCTAssertTrue(d.newMatch(Settings(), seed: 9))
        XCTAssertTrue(d.state.message?.hasPrefix("Could not save the match:") ?? false, d.state.message ?? "nil")
    }

    func testIllegalActionsBecomeMessagesAndChangeNothing() throws {
        let pacer = ManualPacer()
        let store = InMemorySaveStore()
        let c = newController(store: store, pacer: pacer)
        c.selectCard(card("7d"))
        XCTAssertEqual(c.state.message, "Start a match first.")
        c.requestHint()
        XCTAssertEqual(c.state.message, "Start a match first.")
        // Impossible settings: the engine's reason is shown, no match starts.
        XCTAssertFalse(c.newMatch(Settings(players: 3, deal: .scopone), seed: 1))
        XCTAssertEqual(c.state.screen, .settings)
        XCTAssertTrue(c.state.message?.hasPrefix("These settings cannot be played: invalid config:") ?? false, c.state.message ?? "nil")
        XCTAssertEqual(store.writes, 0)
        // A match; wait for the human's turn.
        XCTAssertTrue(c.newMatch(Settings(players: 2, aiLevel: .easy), seed: 77))
        while pacer.runNext() {}
        let v = c.state.view!
        XCTAssertTrue(v.isMyTurn)
        let saves = store.writes
        let save = store.data
        func unchanged(_ what: String) {
            XCTAssertEqual(c.state.view, v, what)
            XCTAssertEqual(store.writes, saves, what)
            XCTAssertEqual(store.data, save, what)
            XCTAssertNotNil(c.state.message, what)
        }
        let all = (0..<40).map { i in card("\(i % 10 + 1)\(Array("dcsb")[i / 10])") }
        let notMine = all.first { !v.hand.contains($0) }!
        c.selectCard(notMine)
        XCTAssertEqual(c.state.message, "\(Texts.card(notMine)) is not in your hand.")
        unchanged("card not in hand")
        c.play(Move(card: notMine, capture: []))
        XCTAssertTrue(c.state.message?.hasPrefix("That card is not in your hand.") ?? false, c.state.message ?? "nil")
        unchanged("play of a card not in hand")
        // A capture the rules do not allow.
        let mine = v.hand[0]
        let legalForMine = v.legalMoves.filter { $0.card == mine }
        let illegal = legalForMine.contains { !$0.capture.isEmpty }
            ? Move(card: mine, capture: [])
            : Move(card: mine, capture: [v.table.first { $0.value != mine.value } ?? notMine])
        c.play(illegal)
        let m1 = c.state.message ?? "nil"
        XCTAssertTrue(m1.hasPrefix("That capture is not allowed:") || m1.hasPrefix("That is not a valid card:"), m1)
        unchanged("illegal capture")
        c.play(Move(card: mine, capture: [notMine, notMine]))
        let m2 = c.state.message ?? "nil"
        XCTAssertTrue(m2.hasPrefix("That is not a valid card:") || m2.hasPrefix("That capture is not allowed:"), m2)
        unchanged("card twice")
        c.chooseCapture(3)
        XCTAssertEqual(c.state.message, "Select a card first.")
        unchanged("no capture to choose")
        c.dismissMessage()
        XCTAssertNil(c.state.message)
        // Out of turn.
        try c.playLikeUi(v.legalMoves[0])
        XCTAssertTrue(c.state.aiPending)
        let w = c.state.view!
        c.selectCard(w.hand[0])
        XCTAssertEqual(c.state.message, "Wait: it is Player 2's turn.")
        c.play(Move(card: w.hand[0], capture: []))
        XCTAssertTrue(c.state.message?.hasPrefix("Wait: it is not your turn.") ?? false, c.state.message ?? "nil")
        XCTAssertEqual(c.state.view, w)
        // A stale scheduled AI play does nothing once a new match started.
        XCTAssertTrue(c.newMatch(Settings(players: 2, aiLevel: .easy), seed: 78))
        let fresh = c.state.view!
        XCTAssertFalse(pacer.pending.isEmpty)
        pacer.runNext()
        if fresh.isMyTurn { XCTAssertEqual(c.state.view, fresh) }
        // After the end of a match every play is refused with a message.
        let e = newController()
        e.newMatch(Settings(players: 2, aiLevel: .random), seed: 4)
        try e.playToEnd(firstLegal)
        let over = e.state.view!
        e.selectCard(over.hand.first ?? card("1d"))
        XCTAssertEqual(e.state.message, "The match is over. Start a new one from the settings.")
        e.play(Move(card: card("1d"), capture: []))
        XCTAssertEqual(e.state.message, "The match is over. Start a new one from the settings.")
        e.requestHint()
        XCTAssertEqual(e.state.message, "The match is over. Start a new one from the settings.")
    }

    func testFourPlayersPlayInTeamsWithAnAiPartner() throws {
        let c = newController()
        XCTAssertTrue(c.newMatch(Settings(players: 4, aiLevel: .medium), seed: 404))
        let v = c.state.view!
        XCTAssertEqual(v.players, 4)
        XCTAssertEqual(v.sides.map { $0.seats }, [[0, 2], [1, 3]])
        XCTAssertEqual(v.aiLevels, [nil, .medium, .medium, .medium])
        let run = try c.playToEnd(mostCards)
        checkFinishedMatch(c, run, players: 4)
        var seats = Set<UInt32>()
        for e in run.events { if case let .played(seat, _) = e { seats.insert(seat) } }
        XCTAssertEqual(seats, [0, 1, 2, 3])
    }

    func testExpertOpponentPlaysAFullMatchPacedLikeTheApp() throws {
        let pacer = ManualPacer()
        let c = GameController(store: InMemorySaveStore(), pacer: pacer, aiDelayMillis: 900)
        XCTAssertTrue(c.newMatch(Settings(players: 2, aiLevel: .expert), seed: 7))
        let timings = Timings()
        let run = try c.playToEnd(mostCards, pacer: pacer, aiNanos: timings)
        let nanos = timings.nanos
        checkFinishedMatch(c, run, players: 2)
        let aiPlays = run.events.filter { if case let .played(seat, _) = $0 { return seat != c.humanSeat } else { return false } }.count
        XCTAssertEqual(nanos.count, aiPlays)
        let ms = nanos.map { Double($0) / 1_000_000 }.sorted()
        print("    expert AI: \(aiPlays) plays, median \(String(format: "%.1f", ms[ms.count / 2])) ms, max \(String(format: "%.1f", ms.last!)) ms per paced AI step (move + autosave)")
    }

    func testThreePlayersEachOnTheirOwn() throws {
        let c = newController()
        XCTAssertTrue(c.newMatch(Settings(players: 3, target: 16, aiLevel: .easy), seed: 33))
        XCTAssertEqual(c.state.view!.sides.count, 3)
        let run = try c.playToEnd(firstLegal)
        checkFinishedMatch(c, run, players: 3)
        XCTAssertEqual(c.state.settings.target, 16)
    }

    func testAiPlaysOnlyWhenThePacerFiresAndEventsComeInOrder() throws {
        let pacer = ManualPacer()
        let c = GameController(store: InMemorySaveStore(), pacer: pacer, aiDelayMillis: 650)
        var seed: UInt64 = 1
        while true {
            c.newMatch(Settings(players: 2, aiLevel: .easy), seed: seed)
            if !c.state.view!.isMyTurn { break }
            seed += 1
        }
        XCTAssertTrue(c.state.aiPending)
        XCTAssertEqual(pacer.pending.last!.millis, 650)
        XCTAssertTrue(c.state.events.isEmpty)
        let before = c.state.view!
        while pacer.runNext() {}
        let after = c.state.view!
        XCTAssertTrue(after.isMyTurn)
        XCTAssertFalse(c.state.aiPending)
        XCTAssertEqual(after.playsInHand, before.playsInHand + 1)
        XCTAssertEqual(c.state.events.count, 1)
        guard case let .played(seat, move) = c.state.events[0] else { return XCTFail("not a play") }
        XCTAssertEqual(seat, 1)
        XCTAssertEqual(after.lastPlay?.move, move)
        c.eventsShown(1)
        try c.playLikeUi(after.legalMoves[0])
        XCTAssertEqual(c.state.events.count, 1)
        XCTAssertTrue(c.state.aiPending)
        XCTAssertTrue(pacer.runNext())
        let seats: [UInt32] = c.state.events.compactMap { if case let .played(s, _) = $0 { return s } else { return nil } }
        XCTAssertEqual(seats, [0, 1])
        XCTAssertEqual(c.runAiTurns(), 0)
    }

    func testSettingsCoverEveryRulesOption() throws {
        XCTAssertEqual(Settings(), Settings(engineDefaults: defaultRules()))
        let s = Settings(
            players: 4, deal: .scoponeScientifico, target: 21, primiera: .lenient, ace: .takesAll,
            napola: true, reBello: true, kingsRedeal: false, aiLevel: .handheld)
        let c = newController()
        XCTAssertTrue(c.newMatch(s, seed: 21))
        let v = c.state.view!
        XCTAssertEqual(v.rules, s.toConfig().rules)
        XCTAssertEqual(v.hand.count + (v.lastPlay?.seat == 0 ? 1 : 0), 10)
        let restored = try ScopaMatch.restore(bytes: SaveFile.decode(c.currentSave()!).engine)
        XCTAssertEqual(Settings(config: try restored.config()), s)
        for ace in Settings.allAces {
            for p in Settings.allPrimiera {
                let t = Settings(primiera: p, ace: ace, aiLevel: .random)
                XCTAssertTrue(c.newMatch(t, seed: 1))
                XCTAssertEqual(c.state.view!.rules, t.toConfig().rules)
            }
        }
        c.updateSettings(Settings(players: 2, deal: .scopone))
        XCTAssertEqual(c.state.settings.deal, .standard)
        XCTAssertEqual(Settings.deals(for: 3), [.standard])
        XCTAssertEqual(Settings.deals(for: 4), Settings.allDeals)
    }

    func testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles() throws {
        let dir = try tempDir(removedAfter: self) + "/nested/dir"
        let path = dir + "/match.scopa"
        let store = FileSaveStore(path: path)
        XCTAssertNil(try store.load())
        try store.save(Data([1, 2, 3]))
        XCTAssertEqual(try store.load(), Data([1, 2, 3]))
        let big = Data((0..<500).map { UInt8($0 & 0xff) })
        try store.save(big)
        XCTAssertEqual(try store.load(), big)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["match.scopa"])
        try store.clear()
        XCTAssertNil(try store.load())
        XCTAssertNil(try store.setAside())
    }

    static let allTests = [
        ("testFullTwoPlayerMatchWithHandSummariesAndAutosaves", testFullTwoPlayerMatchWithHandSummariesAndAutosaves),
        ("testCaptureChoiceOffersExactlyTheEnginesCapturesAndPlaysTheChosenOne", testCaptureChoiceOffersExactlyTheEnginesCapturesAndPlaysTheChosenOne),
        ("testHintIsALegalMoveWithAReasonAndOnlyOnTheHumansTurn", testHintIsALegalMoveWithAReasonAndOnlyOnTheHumansTurn),
        ("testAutosaveAndRestoreAfterAKillContinueExactlyAsAnUninterruptedMatch", testAutosaveAndRestoreAfterAKillContinueExactlyAsAnUninterruptedMatch),
        ("testCorruptSaveAtLaunchIsReportedSetAsideAndANewMatchCanStart", testCorruptSaveAtLaunchIsReportedSetAsideAndANewMatchCanStart),
        ("testIllegalActionsBecomeMessagesAndChangeNothing", testIllegalActionsBecomeMessagesAndChangeNothing),
        ("testFourPlayersPlayInTeamsWithAnAiPartner", testFourPlayersPlayInTeamsWithAnAiPartner),
        ("testExpertOpponentPlaysAFullMatchPacedLikeTheApp", testExpertOpponentPlaysAFullMatchPacedLikeTheApp),
        ("testThreePlayersEachOnTheirOwn", testThreePlayersEachOnTheirOwn),
        ("testAiPlaysOnlyWhenThePacerFiresAndEventsComeInOrder", testAiPlaysOnlyWhenThePacerFiresAndEventsComeInOrder),
        ("testSettingsCoverEveryRulesOption", testSettingsCoverEveryRulesOption),
        ("testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles", testFileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles),
    ]
}
