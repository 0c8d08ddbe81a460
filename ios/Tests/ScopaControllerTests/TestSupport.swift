import Foundation
import ScopaController
import ScopaEngine
import XCTest

/// A pacer the test runs by hand: nothing happens until `runNext()`.
final class ManualPacer: Pacer {
    var pending: [(millis: Int, action: () -> Void)] = []

    func schedule(afterMillis: Int, _ action: @escaping () -> Void) {
        pending.append((afterMillis, action))
    }

    @discardableResult
    func runNext() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst().action()
        return true
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// A human strategy: the move to play in a view where it is the human's turn.
typealias Strategy = (GameView) throws -> Move

let firstLegal: Strategy = { $0.legalMoves[0] }
let mostCards: Strategy = { v in
    // Ties to the earliest, like Kotlin's maxByOrNull.
    var best = v.legalMoves[0]
    for m in v.legalMoves where m.capture.count > best.capture.count { best = m }
    return best
}

/// Durations measured by a test.
final class Timings {
    var nanos: [UInt64] = []
}

/// What a match driven to its end produced.
final class Run {
    var events: [GameEvent] = []
    var hands: [HandBreakdown] = []
    var humanPlays = 0
}

func newController(store: SaveStore = InMemorySaveStore(), pacer: Pacer = ImmediatePacer()) -> GameController {
    GameController(store: store, pacer: pacer, aiDelayMillis: 0)
}

/// A new empty directory, removed when `test` ends.
func tempDir(removedAfter test: XCTestCase) throws -> String {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("scopa-apps-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
}

func card(_ code: String) -> Card { try! cardFromCode(code: code) }

extension GameController {
    /// Takes the events the UI would animate, oldest first, and acknowledges them.
    func drainEvents(into list: inout [GameEvent]) {
        let evs = state.events
        list += evs
        eventsShown(evs.count)
    }

    func drainEvents() {
        var sink: [GameEvent] = []
        drainEvents(into: &sink)
    }

    /// Plays the human's move the way the UI does: tap the card, then pick the capture if asked.
    func playLikeUi(_ mv: Move) throws {
        selectCard(mv.card)
        if state.screen == .choosingCapture {
            guard let i = state.captureOptions.firstIndex(of: mv) else {
                throw TestFailure("the move \(mv) is not among the options \(state.captureOptions)")
            }
            chooseCapture(i)
        }
    }

    /// One step of the player: acknowledges events, continues after a hand summary, or plays
    /// the human's move. Returns false once the match is over.
    func step(_ run: Run, _ strategy: Strategy) throws -> Bool {
        drainEvents(into: &run.events)
        let s = state
        if let m = s.message { throw TestFailure("unexpected message: \(m)") }
        switch s.screen {
        case .matchOver:
            return false
        case .handSummary:
            guard let b = s.handBreakdown else { throw TestFailure("hand summary without a breakdown") }
            run.hands.append(b)
            continueAfterHand()
        case .playing:
            let v = s.view!
            guard v.isMyTurn else {
                throw TestFailure("the human is not to play and no AI is pending: turn \(v.turn), aiPending \(s.aiPending)")
            }
            try playLikeUi(try strategy(v))
            run.humanPlays += 1
        default:
            throw TestFailure("unexpected screen \(s.screen)")
        }
        return true
    }

    /// Plays the match to its end with `strategy` for the human. With a `pacer`, its pending
    /// AI plays are run before each step and each one's duration (AI move + autosave, what
    /// the UI thread spends) is appended to `aiNanos`.
    @discardableResult
    func playToEnd(
        _ strategy: Strategy, run: Run = Run(), maxSteps: Int = 5000,
        pacer: ManualPacer? = nil, aiNanos: Timings? = nil
    ) throws -> Run {
        var steps = 0
        while true {
            while let p = pacer, !p.pending.isEmpty {
                let t0 = DispatchTime.now().uptimeNanoseconds
                p.runNext()
                aiNanos?.nanos.append(DispatchTime.now().uptimeNanoseconds - t0)
            }
            if try !step(run, strategy) { break }
            steps += 1
            if steps > maxSteps { throw TestFailure("the match did not end in \(maxSteps) steps") }
        }
        drainEvents(into: &run.events)
        guard let last = state.handBreakdown else { throw TestFailure("match over without the last hand's breakdown") }
        run.hands.append(last)
        return run
    }
}

/// Checks what every finished match must satisfy, from the events alone.
func checkFinishedMatch(_ c: GameController, _ run: Run, players: Int, file: StaticString = #filePath, line: UInt = #line) {
    let s = c.state
    let v = s.view!
    let sides = players == 4 ? 2 : players
    XCTAssertEqual(s.screen, .matchOver, file: file, line: line)
    XCTAssertTrue(v.isOver, file: file, line: line)
    guard let winner = s.winnerSide else { return XCTFail("no winner", file: file, line: line) }
    XCTAssertEqual(v.winner.map { Int($0) }, winner, file: file, line: line)
    XCTAssertEqual(s.finalScores.count, sides, file: file, line: line)
    // The winner reached the target and is strictly ahead.
    XCTAssertGreaterThanOrEqual(s.finalScores[winner], s.settings.target, file: file, line: line)
    for (side, score) in s.finalScores.enumerated() where side != winner {
        XCTAssertLessThan(score, s.finalScores[winner], file: file, line: line)
    }
    // The breakdowns of the hands add up to the final scores.
    let hands: [HandBreakdown] = run.events.compactMap {
        if case let .handFinished(b) = $0 { return b } else { return nil }
    }
    XCTAssertEqual(hands, run.hands, file: file, line: line)
    for side in 0..<sides {
        XCTAssertEqual(s.finalScores[side], hands.reduce(0) { $0 + Int($1.sides[side].total) }, "side \(side)", file: file, line: line)
    }
    // Every hand has its 36 plays (standard deal), in seat order; the human played theirs.
    let played: [UInt32] = run.events.compactMap {
        if case let .played(seat, _) = $0 { return seat } else { return nil }
    }
    XCTAssertEqual(played.count, 36 * hands.count, file: file, line: line)
    XCTAssertEqual(played.filter { $0 == c.humanSeat }.count, run.humanPlays, file: file, line: line)
    let newHands = run.events.filter { if case .newHand = $0 { return true } else { return false } }
    XCTAssertEqual(newHands.count, hands.count - 1, file: file, line: line)
    let finishes = run.events.filter { if case .matchFinished = $0 { return true } else { return false } }
    XCTAssertEqual(finishes.count, 1, file: file, line: line)
    if case .matchFinished = run.events.last! {} else { XCTFail("the last event is not MatchFinished", file: file, line: line) }
    var expected: UInt32?
    for e in run.events {
        switch e {
        case let .played(seat, _):
            if let x = expected { XCTAssertEqual(seat, x, "play order", file: file, line: line) }
            expected = (seat + 1) % UInt32(players)
        case let .newHand(_, dealer):
            expected = (dealer + 1) % UInt32(players)
        default:
            break
        }
    }
}
