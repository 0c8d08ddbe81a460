import Foundation
import ScopaEngine

/// The game flow of the app, below the UI and free of UIKit/SwiftUI: settings → match → the
/// human's turns (select a card, pick a capture when there are several), the AI's turns with
/// a pause from the pacer, events for the UI to animate in order, the breakdown after each
/// hand, the end of the match, hints, and an autosave to the store after every play,
/// restored by `launch()`.
///
/// Confined to one thread (the main thread in the app; the pacer runs its actions there).
/// No engine error escapes: each becomes `UiState.message`.
public final class GameController {
    public static let defaultAiDelayMillis = 900
    public static let maxPendingEvents = 200

    public let humanSeat = UInt32(Settings.humanSeat)
    /// Pause before each AI play.
    public let aiDelayMillis: Int

    public private(set) var state = UiState(screen: .settings, settings: Settings())
    /// Saves written since this controller was created.
    public private(set) var savesWritten = 0
    /// Called with every new state (on the controller's thread).
    public var onChange: ((UiState) -> Void)?

    private let store: SaveStore
    private let pacer: Pacer
    private let factory: MatchFactory
    private let seeds: () -> UInt64
    private var match: ScopaMatch?
    /// Bumped whenever the match changes identity, so stale scheduled AI plays do nothing.
    private var generation = 0

    public init(
        store: SaveStore, pacer: Pacer, factory: MatchFactory = EngineMatchFactory(),
        aiDelayMillis: Int = GameController.defaultAiDelayMillis,
        seeds: @escaping () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    ) {
        self.store = store
        self.pacer = pacer
        self.factory = factory
        self.aiDelayMillis = aiDelayMillis
        self.seeds = seeds
    }

    /// What `launch()` would restore: the save file's bytes for the current state (nil
    /// without a match).
    public func currentSave() -> Data? {
        guard let m = match, let engine = try? m.save() else { return nil }
        return SaveFile.encode(engine: engine, handSummaryPending: state.screen == .handSummary)
    }

    /// At app start: restores the autosaved match if there is one (and resumes the AI if it
    /// is to play), else shows the settings. An unreadable save is set aside (kept as a
    /// `.corrupt` copy), reported in `UiState.message`, and the settings are shown.
    @discardableResult
    public func launch() -> UiState {
        let loaded: Data?
        do {
            loaded = try store.load()
        } catch {
            publish(UiState(
                screen: .settings, settings: state.settings,
                message: "The saved match could not be read: \(error). Start a new match."))
            return state
        }
        guard let bytes = loaded else {
            publish(UiState(screen: .settings, settings: state.settings))
            return state
        }
        let m: ScopaMatch
        let view: GameView
        let settings: Settings
        let summary: Bool
        do {
            let contents = try SaveFile.decode(bytes)
            m = try factory.restore(bytes: contents.engine)
            view = try m.view(seat: humanSeat)
            settings = Settings(config: try m.config())
            summary = contents.handSummaryPending
        } catch let e as SaveFormatError {
            return discardSave("The saved match could not be read: \(e.message)")
        } catch {
            return discardSave(Texts.error(error))
        }
        install(m)
        let screen: Screen
        if view.isOver {
            screen = .matchOver
        } else if summary && view.lastHand != nil {
            screen = .handSummary
        } else {
            screen = .playing
        }
        var s = UiState(screen: screen, settings: settings, view: view)
        s.handBreakdown = screen == .playing ? nil : view.lastHand
        s.winnerSide = view.winner.map { Int($0) }
        s.finalScores = view.isOver ? view.sides.map { Int($0.score) } : []
        publish(s)
        scheduleAiIfDue()
        return state
    }

    /// Edits the settings shown on the settings screen.
    public func updateSettings(_ settings: Settings) {
        var s = settings
        if !s.availableDeals.contains(s.deal) { s.deal = s.availableDeals[0] }
        var next = state
        next.settings = s
        publish(next)
    }

    /// Back to the settings screen; the match in progress stays saved until a new one starts.
    public func showSettings() {
        generation += 1
        var next = state
        next.screen = .settings
        next.selectedCard = nil
        next.captureOptions = []
        next.hint = nil
        next.aiPending = false
        publish(next)
    }

    /// Starts a match with `settings` (and `seed`, random if nil), saves it, and lets the AI
    /// play if it leads. Returns false, with `UiState.message` set, if the engine refuses.
    @discardableResult
    public func newMatch(_ settings: Settings, seed: UInt64? = nil) -> Bool {
        let m: ScopaMatch
        let view: GameView
        do {
            m = try factory.create(config: settings.toConfig(), seed: seed ?? seeds())
            view = try m.view(seat: humanSeat)
        } catch {
            var next = state
            next.screen = .settings
            next.settings = settings
            next.message = Texts.error(error)
            publish(next)
            return false
        }
        install(m)
        var fresh = UiState(screen: .playing, settings: settings, view: view)
        fresh.message = autosave(screen: fresh.screen)
        publish(fresh)
        scheduleAiIfDue()
        return true
    }

    /// The player taps a card of their hand. With one legal move for it, the card is played;
    /// with several captures, the screen becomes `.choosingCapture` with the options.
    public func selectCard(_ card: Card) {
        guard match != nil, let view = state.view else { return report("Start a match first.") }
        if state.screen == .handSummary { return report("Continue to the next hand first.") }
        if view.isOver { return report("The match is over. Start a new one from the settings.") }
        if !view.isMyTurn { return report("Wait: it is \(Texts.seat(view.turn, human: humanSeat))'s turn.") }
        let moves = view.legalMoves.filter { $0.card == card }
        switch moves.count {
        case 0:
            report(view.hand.contains(card)
                ? "\(Texts.card(card)) cannot be played now."
                : "\(Texts.card(card)) is not in your hand.")
        case 1:
            play(moves[0])
        default:
            var next = state
            next.screen = .choosingCapture
            next.selectedCard = card
            next.captureOptions = moves
            next.message = nil
            publish(next)
        }
    }

    /// Picks capture `index` of `UiState.captureOptions`.
    public func chooseCapture(_ index: Int) {
        let options = state.captureOptions
        if state.screen != .choosingCapture || options.isEmpty { return report("Select a card first.") }
        if !options.indices.contains(index) {
            return report("There is no capture number \(index + 1): choose 1 to \(options.count).")
        }
        play(options[index])
    }

    /// Closes the capture choice without playing.
    public func cancelCapture() {
        guard state.screen == .choosingCapture else { return }
        var next = state
        next.screen = .playing
        next.selectedCard = nil
        next.captureOptions = []
        publish(next)
    }

    /// Plays `move` for the human (the card and the exact capture). The engine checks it; a
    /// refused move only sets `UiState.message`.
    public func play(_ move: Move) {
        guard let m = match else { return report("Start a match first.") }
        if state.screen == .handSummary { return report("Continue to the next hand first.") }
        let events: [GameEvent]
        do {
            events = try m.play(seat: humanSeat, move: move)
        } catch {
            return report(Texts.error(error), refresh: true)
        }
        afterPlay(m, events)
    }

    /// Asks the engine for the best move of the human, and says why.
    public func requestHint() {
        guard let m = match else { return report("Start a match first.") }
        do {
            let h = try m.hint(seat: humanSeat)
            let text = "Play \(Texts.move(h.move)): \(Texts.hintReason(h.reason)). \(h.explanation)"
            var next = state
            next.hint = HintInfo(move: h.move, text: text, hint: h)
            next.message = nil
            publish(next)
        } catch {
            report(Texts.error(error))
        }
    }

    /// Plays one AI move now if an AI is to play and the flow is not waiting on the player
    /// (capture choice, hand summary). Returns whether a move was played.
    @discardableResult
    public func advance() -> Bool {
        guard let m = match, state.screen == .playing else { return false }
        let events: [GameEvent]
        do {
            guard try m.isAiTurn() else { return false }
            events = try m.playAi(seat: try m.turn())
        } catch {
            report(Texts.error(error), refresh: true)
            return false
        }
        afterPlay(m, events, scheduleNext: false)
        return true
    }

    /// Plays AI moves at once until the human is to play, a hand ends, or the match ends.
    @discardableResult
    public func runAiTurns() -> Int {
        var n = 0
        while advance() { n += 1 }
        scheduleAiIfDue()
        return n
    }

    /// Leaves the hand summary for the next hand.
    public func continueAfterHand() {
        guard state.screen == .handSummary else { return }
        var next = state
        next.screen = .playing
        next.handBreakdown = nil
        next.message = autosave(screen: next.screen)
        publish(next)
        scheduleAiIfDue()
    }

    /// The UI has animated the first `count` of `UiState.events`.
    public func eventsShown(_ count: Int) {
        guard count > 0 else { return }
        var next = state
        next.events = Array(state.events.dropFirst(count))
        publish(next)
    }

    public func dismissMessage() {
        guard state.message != nil else { return }
        var next = state
        next.message = nil
        publish(next)
    }

    /// Ends the match in progress without finishing it and deletes its save.
    public func abandonMatch() {
        generation += 1
        match = nil
        var message: String?
        do {
            try store.clear()
        } catch {
            message = "The saved match could not be deleted: \(error)"
        }
        publish(UiState(screen: .settings, settings: state.settings, message: message))
    }

    // MARK: - internals

    private func install(_ m: ScopaMatch) {
        generation += 1
        match = m
    }

    /// Sets an unreadable save aside and shows the settings with `reason`.
    private func discardSave(_ reason: String) -> UiState {
        var kept = ""
        do {
            if let at = try store.setAside() { kept = " A copy was kept at \(at)." }
        } catch {
            kept = " It could not be set aside (\(error))."
        }
        publish(UiState(
            screen: .settings, settings: state.settings,
            message: "\(reason). It was set aside; start a new match.\(kept)"))
        return state
    }

    private func afterPlay(_ m: ScopaMatch, _ events: [GameEvent], scheduleNext: Bool = true) {
        let view: GameView
        do {
            view = try m.view(seat: humanSeat)
        } catch {
            return report(Texts.error(error))
        }
        var next = state
        next.screen = .playing
        next.view = view
        next.selectedCard = nil
        next.captureOptions = []
        next.events = Array((state.events + events).suffix(GameController.maxPendingEvents))
        next.hint = nil
        next.message = nil
        next.aiPending = false
        var finished: (winner: UInt32, scores: [UInt32])?
        var hand: HandBreakdown?
        for e in events {
            switch e {
            case let .matchFinished(winner, scores): if finished == nil { finished = (winner, scores) }
            case let .handFinished(breakdown): hand = breakdown
            default: break
            }
        }
        if let f = finished {
            next.screen = .matchOver
            next.handBreakdown = hand ?? view.lastHand
            next.winnerSide = Int(f.winner)
            next.finalScores = f.scores.map { Int($0) }
        } else if let h = hand {
            next.screen = .handSummary
            next.handBreakdown = h
        }
        // Saved before the UI sees the play: a kill from here on loses nothing.
        next.message = autosave(screen: next.screen)
        publish(next)
        if scheduleNext { scheduleAiIfDue() }
    }

    /// Writes the save; returns a message for the player if it failed (the game goes on).
    private func autosave(screen: Screen) -> String? {
        guard let m = match else { return nil }
        do {
            try store.save(SaveFile.encode(engine: try m.save(), handSummaryPending: screen == .handSummary))
            savesWritten += 1
            return nil
        } catch let e as SaveStoreError {
            return "Could not save the match: \(e.message)"
        } catch {
            return Texts.error(error)
        }
    }

    private func scheduleAiIfDue() {
        guard let m = match, state.screen == .playing, !state.aiPending else { return }
        let due: Bool
        do {
            due = try m.isAiTurn()
        } catch {
            return report(Texts.error(error))
        }
        guard due else { return }
        let gen = generation
        var next = state
        next.aiPending = true
        publish(next)
        pacer.schedule(afterMillis: aiDelayMillis) { [weak self] in
            guard let self = self, gen == self.generation, self.match === m else { return }
            var s = self.state
            s.aiPending = false
            self.publish(s)
            if self.advance() { self.scheduleAiIfDue() }
        }
    }

    private func report(_ message: String, refresh: Bool = false) {
        var next = state
        next.message = message
        if refresh, let m = match, let v = try? m.view(seat: humanSeat) { next.view = v }
        publish(next)
    }

    private func publish(_ s: UiState) {
        state = s
        onChange?(s)
    }
}
