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

/// The card a person taps when the hand is shown.
typealias Strategy = (GameController) throws -> UInt8

let firstCard: Strategy = { c in cardsOf(c.state.table!.hand)[0] }
let hinted: Strategy = { c in
    c.requestHint()
    guard let h = c.state.hint else { throw TestFailure("no hint: \(c.state.message ?? "")") }
    return h.card
}

/// What a session driven to its end produced.
final class Run {
    var events: [SessionEvent] = []
    var summaries = 0
    var plays = 0
    var handOffs = 0
}

func settings(_ players: UInt32, _ seats: [AiLevel?]) -> SessionSettings {
    var rules = defaultRules()
    rules.players = players
    return SessionSettings(rules: rules, seats: seats + [AiLevel?](repeating: nil, count: 4 - seats.count), undo: false, lang: .en)
}

func newController(store: SaveStore = InMemorySaveStore(), pacer: Pacer = ManualPacer(), lang: Lang = .en) -> GameController {
    GameController(store: store, pacer: pacer, lang: lang, aiDelayMillis: 0, bannerMillis: 0)
}

/// A new empty directory, removed when `test` ends.
func tempDir(removedAfter test: XCTestCase) throws -> String {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("scopa-apps-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
}

func isPlay(_ p: Phase?) -> Bool { if case .play = p { return true } else { return false } }
func isChoose(_ p: Phase?) -> Bool { if case .chooseCapture = p { return true } else { return false } }
func isOver(_ p: Phase?) -> Bool { if case .matchOver = p { return true } else { return false } }

extension GameController {
    /// Takes the events the UI would animate, oldest first, and acknowledges them.
    func drainEvents(into list: inout [SessionEvent]) {
        let evs = state.events
        list += evs.map(\.event)
        eventsShown(evs.count)
    }

    func drainEvents() {
        var sink: [SessionEvent] = []
        drainEvents(into: &sink)
    }

    /// One step of the players, as the UI would take it: the due timers run (AI plays, the
    /// scopa banner), then a person taps — a card of their hand (the capture choice: option
    /// `captureIndex`), or continue on the hand summary and the hand-over. Returns false at
    /// the end of the match.
    func step(_ run: Run, _ pacer: ManualPacer, _ strategy: Strategy, captureIndex: Int = 0) throws -> Bool {
        while pacer.runNext() { drainEvents(into: &run.events) }
        drainEvents(into: &run.events)
        if let m = state.message { throw TestFailure("unexpected message: \(m)") }
        switch state.phase {
        case .matchOver?:
            return false
        case .play(let seat)?:
            XCTAssertEqual(state.table!.viewer, seat, "the hand shown is the player's")
            select(try strategy(self))
            if isChoose(state.phase) { chooseCapture(captureIndex) }
            run.plays += 1
        case .chooseCapture?:
            chooseCapture(captureIndex)
        case .handSummary?:
            XCTAssertFalse(state.summary!.rows.isEmpty, "a summary on the summary screen")
            run.summaries += 1
            proceed()
        case .handOff?:
            XCTAssertEqual(state.table!.hand, 0, "no cards while the device is handed over")
            run.handOffs += 1
            proceed()
        case .aiDue?, .scopa?:
            XCTAssertFalse(pacer.pending.isEmpty, "a timer is due in \(state.phase!)")
        case nil:
            throw TestFailure("no session")
        }
        return true
    }

    /// Plays the match to its end.
    @discardableResult
    func playToEnd(_ pacer: ManualPacer, _ strategy: Strategy = firstCard, run: Run = Run(), maxSteps: Int = 10000) throws -> Run {
        var steps = 0
        while try step(run, pacer, strategy) {
            steps += 1
            if steps > maxSteps { throw TestFailure("the match did not end in \(maxSteps) steps") }
        }
        drainEvents(into: &run.events)
        return run
    }
}

/// What every finished match satisfies, from the events and the final state.
func checkFinishedMatch(_ c: GameController, _ run: Run, file: StaticString = #filePath, line: UInt = #line) {
    let s = c.state
    guard case .matchOver(let winner)? = s.phase, case .matchFinished(let w, let scores)? = run.events.last else {
        return XCTFail("not over: \(String(describing: s.phase)), last event \(String(describing: run.events.last))", file: file, line: line)
    }
    XCTAssertEqual(winner, w, file: file, line: line)
    XCTAssertGreaterThanOrEqual(scores[Int(w)], s.settings.rules.target, "winner reached the target", file: file, line: line)
    // The hands' totals add up to the final scores.
    let hands: [[SideScore]] = run.events.compactMap { if case .handFinished(let sides) = $0 { return sides } else { return nil } }
    for side in scores.indices {
        XCTAssertEqual(Int(scores[side]), hands.reduce(0) { $0 + Int($1[side].total) }, "side \(side)", file: file, line: line)
    }
    // Every hand was summarised on its own screen (the last one stays on the match-over screen).
    XCTAssertEqual(hands.count, run.summaries, file: file, line: line)
    XCTAssertFalse(s.summary!.rows.isEmpty, file: file, line: line)
    XCTAssertFalse(s.prompt.isEmpty, file: file, line: line)
}
