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

/// The glue, not the engine's object of the same name.
typealias GameController = ScopaController.GameController
typealias SaveStore = ScopaController.SaveStore

/// The card a person taps when the hand is shown.
typealias Strategy = (GameController) throws -> UInt8

let firstCard: Strategy = { c in c.frame.playable[0].card.card }
let hinted: Strategy = { c in
    c.press(.hint)
    guard let h = c.frame.hintCard else { throw TestFailure("no hint: \(c.frame.refusal ?? "")") }
    return h
}

/// Every frame a controller published and the transcript lines of their events.
final class Recorder {
    var frames: [Frame] = []
    var lines: [String] = []

    func record(_ state: UiState) {
        // A state published again (a message, the screen) carries the same frame.
        guard let f = state.frame, frames.last != f else { return }
        frames.append(f)
        lines += f.events.flatMap { $0.line.split(separator: "\n").map(String.init) }
    }
}

/// What a session driven to its end produced.
final class Run {
    var summaries = 0
    var plays = 0
    var handOffs = 0
}

func settings(_ players: UInt32, _ seats: [AiLevel?]) -> SessionSettings {
    var rules = defaultRules()
    rules.players = players
    return SessionSettings(rules: rules, seats: seatList(seats), undo: false, lang: .en)
}

/// `seats`, then nil up to `maxSeats()` (8): the seats of settings as the session gives them back.
func seatList(_ seats: [AiLevel?]) -> [AiLevel?] {
    seats + [AiLevel?](repeating: nil, count: Int(maxSeats()) - seats.count)
}

/// A controller without delays (each timer still goes through `pacer`), recorded by `rec`.
func newController(
    store: SaveStore = InMemorySaveStore(), pacer: Pacer = ManualPacer(), lang: Lang = .en, rec: Recorder = Recorder()
) -> GameController {
    var pacing = unattendedPacing()
    pacing.attended = true
    let c = GameController(store: store, pacer: pacer, lang: lang, pacing: pacing)
    c.onChange = { rec.record($0) }
    return c
}

/// A new empty directory, removed when `test` ends.
func tempDir(removedAfter test: XCTestCase) throws -> String {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("scopa-apps-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
}

extension GameController {
    var frame: Frame { state.frame! }

    /// One step of the players, as the UI would take it: the due timers run, then a person
    /// taps a card (the capture choice: option `captureIndex`) or the banner's button.
    /// Returns false at the end of the match.
    func step(_ run: Run, _ pacer: ManualPacer, _ strategy: Strategy, captureIndex: Int = 0) throws -> Bool {
        while pacer.runNext() {}
        if let m = state.message { throw TestFailure("unexpected message: \(m)") }
        guard let f = state.frame else { throw TestFailure("no session") }
        if let r = f.refusal { throw TestFailure("refused: \(r)") }
        if f.over { return false }
        if !f.playable.isEmpty {
            XCTAssertEqual(f.viewer, f.turn, "the hand shown is the player's")
            select(try strategy(self))
            if !frame.captureOptions.isEmpty { chooseCapture(captureIndex) }
            run.plays += 1
        } else if !f.captureOptions.isEmpty {
            chooseCapture(captureIndex)
        } else if f.bannerCase == .handOver {
            XCTAssertNotNil(f.summary, "a summary on the summary screen")
            run.summaries += 1
            press(.proceed)
        } else if f.bannerCase == .handOff {
            XCTAssertTrue(f.hand.isEmpty, "no cards while the device is handed over")
            run.handOffs += 1
            press(.proceed)
        } else {
            XCTAssertTrue(f.dueMs != nil && !pacer.pending.isEmpty, "a timer is due: \(f.status)")
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
        return run
    }
}

/// What every finished match satisfies, from the transcript lines and the last frame.
func checkFinishedMatch(_ c: GameController, _ rec: Recorder, _ run: Run, file: StaticString = #filePath, line: UInt = #line) {
    let f = c.frame
    XCTAssertEqual(f.bannerCase, .matchOver, file: file, line: line)
    XCTAssertTrue(f.has(.rematch), file: file, line: line)
    guard let winner = rec.lines.last, winner.hasPrefix("winner ") else {
        return XCTFail("no winner line: \(rec.lines.last ?? "")", file: file, line: line)
    }
    // "winner W scores A B C": the hands' totals add up to the final scores.
    let scores = winner.components(separatedBy: " scores ")[1].split(separator: " ").map { Int($0)! }
    let totals = rec.lines.filter { $0.hasPrefix("score ") }.map { $0.split(separator: " ").map(String.init) }
    for side in f.sides.indices {
        XCTAssertEqual(scores[side], totals.filter { $0[1] == "\(side)" }.reduce(0) { $0 + Int($1.last!)! }, "side \(side)", file: file, line: line)
        XCTAssertEqual(scores[side], Int(f.sides[side].score), file: file, line: line)
    }
    XCTAssertGreaterThanOrEqual(scores.max()!, Int(f.target), "winner reached the target", file: file, line: line)
    // Every hand was summarised on its own screen (the last one stays on the match-over screen).
    XCTAssertEqual(totals.count / f.sides.count, run.summaries, file: file, line: line)
    XCTAssertNotNil(f.summary, file: file, line: line)
    XCTAssertFalse(f.status.isEmpty, file: file, line: line)
}
