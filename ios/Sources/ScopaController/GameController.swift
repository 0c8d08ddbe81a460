import Foundation
import ScopaEngine

/// The app below the UI, free of UIKit/SwiftUI: it maps the engine's `Session` (which owns
/// the whole game: phases, AI, hints, undo, texts, the save format) to `UiState`, runs the
/// two timers — the pause before an AI plays and the scopa banner — and keeps the session's
/// bytes in the store after every change, restored by `launch()`.
///
/// Confined to one thread (the main thread in the app; the pacer runs its actions there).
/// No engine error escapes: each becomes `UiState.message`.
public final class GameController {
    public static let defaultAiDelayMillis = 900
    public static let defaultBannerMillis = 1500
    public static let maxPendingEvents = 200

    /// Pause before each AI play.
    public let aiDelayMillis: Int
    /// How long the scopa banner shows before the game goes on by itself.
    public let bannerMillis: Int
    public private(set) var state: UiState
    /// Saves written since this controller was created.
    public private(set) var savesWritten = 0
    /// Called with every new state (on the controller's thread).
    public var onChange: ((UiState) -> Void)?

    private let store: SaveStore
    private let pacer: Pacer
    private let lang: Lang
    private let seeds: () -> UInt64
    private var session: Session?
    /// The phase the pending timer was set for (nil: none); a new token cancels it.
    private var timerFor: Phase?
    private var timerToken = 0

    /// `lang` is the system language: every text and message is in it.
    public init(
        store: SaveStore, pacer: Pacer, lang: Lang,
        aiDelayMillis: Int = GameController.defaultAiDelayMillis,
        bannerMillis: Int = GameController.defaultBannerMillis,
        seeds: @escaping () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    ) {
        self.store = store
        self.pacer = pacer
        self.lang = lang
        self.aiDelayMillis = aiDelayMillis
        self.bannerMillis = bannerMillis
        self.seeds = seeds
        state = UiState(screen: .settings, settings: defaultSettings(lang: lang), texts: uiTexts(lang: lang))
    }

    /// The session's bytes, as `launch()` would restore them (nil without a session).
    public func currentSave() -> Data? { try? session?.save() }

    /// At app start: restores the saved session if there is one (a save of an earlier app
    /// version is migrated and saved again), else shows the settings. An unreadable save is
    /// set aside (a `.corrupt` copy), reported in `UiState.message`, and the settings shown.
    @discardableResult
    public func launch() -> UiState {
        let labels = state.texts.labels
        var next = state
        next.screen = .settings
        let loaded: Data?
        do {
            loaded = try store.load()
        } catch {
            next.message = "\(labels.saveUnreadable): \(error). \(labels.saveSetAside)"
            return publish(next)
        }
        guard let bytes = loaded else { return publish(next) }
        let restored: Session
        do {
            restored = try Session.restore(bytes: bytes, lang: lang)
        } catch {
            var kept = ""
            do {
                if let at = try store.setAside() { kept = " (\(at))" }
            } catch {
                kept = " (\(error))"
            }
            next.message = "\(message(of: error)). \(labels.saveSetAside)\(kept)"
            return publish(next)
        }
        install(restored)
        // A migrated save (or one in another language) is written again at once.
        let saved = currentSave() == bytes ? nil : autosave()
        next.screen = .table
        if let s = try? restored.settings() { next.settings = s }
        refresh(next, message: saved)
        return state
    }

    /// Edits the settings shown on the settings screen; `settingsError` says if they cannot
    /// be played.
    public func updateSettings(_ settings: SessionSettings) {
        var next = state
        next.settings = settings
        do {
            try checkSettings(settings: settings)
            next.settingsError = nil
        } catch {
            next.settingsError = message(of: error)
        }
        publish(next)
    }

    /// Back to the settings screen; the session stays saved until a new match starts.
    public func showSettings() {
        cancelTimer()
        var next = state
        next.screen = .settings
        next.hint = nil
        publish(next)
    }

    /// Back from the settings to the match in progress.
    public func resume() {
        guard session != nil else { return }
        var next = state
        next.screen = .table
        refresh(next)
    }

    /// Starts a session with `settings` (and `seed`, a random one if nil), saves it and
    /// queues its first deal (a `newHand` event) to show. Returns false, with
    /// `UiState.message` set, if the settings cannot be played.
    @discardableResult
    public func newMatch(_ settings: SessionSettings? = nil, seed: UInt64? = nil) -> Bool {
        var settings = settings ?? state.settings
        settings.lang = lang
        let s: Session
        do {
            s = try Session(settings: settings, seed: seed ?? seeds())
        } catch {
            var next = state
            next.screen = .settings
            next.settings = settings
            next.message = message(of: error)
            publish(next)
            return false
        }
        install(s)
        var next = state
        next.screen = .table
        next.settings = settings
        next.events = []
        // The first deal is the first event to show.
        if let deal = try? s.dealEvent(), let text = try? s.eventText(event: deal) {
            next.events = [ShownEvent(event: deal, text: text)]
        }
        refresh(next, message: autosave())
        return true
    }

    /// The player taps a card of their hand: played at once, or the capture choice opens.
    public func select(_ card: UInt8) { act { try $0.select(card: card) } }

    /// Picks capture `index` of `UiState.captureOptions`.
    public func chooseCapture(_ index: Int) { act { try $0.capture(index: UInt8(clamping: index < 0 ? 255 : index)) } }

    /// Closes the capture choice without playing.
    public func cancelCapture() { act { try $0.cancel() } }

    /// Goes on after the scopa banner, the hand summary, or the hand-over in pass-and-play.
    public func proceed() { act { try $0.proceed() } }

    /// Takes back the person's last play (when `TableState.canUndo`).
    public func undo() { act { try $0.undo() } }

    /// After the end of a match: the next one, same settings.
    public func rematch() { act { try $0.rematch() } }

    /// The expert's suggestion for the person to play, and why.
    public func requestHint() {
        guard let s = session else { return }
        var next = state
        do {
            next.hint = try s.hint()
            next.message = nil
        } catch {
            next.message = message(of: error)
        }
        publish(next)
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

    // MARK: - internals

    private func install(_ s: Session) {
        cancelTimer()
        session = s
        state.names = nil
    }

    /// Carries out `action` on the session; saves and refreshes, or reports why it was
    /// refused.
    private func act(_ action: (Session) throws -> Update) {
        guard let s = session else { return }
        var next = state
        let update: Update
        do {
            update = try action(s)
        } catch {
            next.message = message(of: error)
            publish(next)
            return
        }
        let shown = zip(update.events, update.texts).map { ShownEvent(event: $0, text: $1) }
        next.events = Array((state.events + shown).suffix(GameController.maxPendingEvents))
        next.hint = nil
        // Saved before the UI sees the change: a kill from here on loses nothing.
        refresh(next, message: autosave(), table: update.state)
    }

    /// Publishes `base` with the session's state (`table`, or asked for), what its phase
    /// shows, and starts the timer the phase needs.
    private func refresh(_ base: UiState, message: String? = nil, table known: TableState? = nil) {
        guard let s = session else { return }
        var next = base
        do {
            let table = try known ?? s.state()
            next.table = table
            if next.names == nil { next.names = try s.names() }
            next.message = message
            if case .chooseCapture = table.phase { next.captureOptions = try s.captureOptions() } else { next.captureOptions = [] }
            switch table.phase {
            case .handSummary, .matchOver: next.summary = try s.summary()
            default: next.summary = nil
            }
        } catch {
            next.message = self.message(of: error)
        }
        publish(next)
        scheduleTimer()
    }

    /// Writes the session's bytes; returns a message for the player if that failed (the
    /// game goes on).
    private func autosave() -> String? {
        guard let s = session else { return nil }
        do {
            try store.save(try s.save())
            savesWritten += 1
            return nil
        } catch let e as SaveStoreError {
            return "\(state.texts.labels.saveFailed): \(e.message)"
        } catch {
            return message(of: error)
        }
    }

    /// The AI's pause, or the scopa banner, then the action that goes on. A timer belongs
    /// to one phase: once the phase changes (the player continued, a new match…) it does
    /// nothing.
    private func scheduleTimer() {
        let phase = state.screen == .table ? state.phase : nil
        if phase == timerFor { return }
        cancelTimer()
        let delay: Int
        let action: (Session) throws -> Update
        switch phase {
        case .aiDue: (delay, action) = (aiDelayMillis, { try $0.runAi() })
        case .scopa: (delay, action) = (bannerMillis, { try $0.proceed() })
        default: return
        }
        timerFor = phase
        let token = timerToken
        pacer.schedule(afterMillis: delay) { [weak self] in
            guard let self = self, token == self.timerToken else { return }
            self.timerFor = nil
            self.act(action)
        }
    }

    private func cancelTimer() {
        timerToken += 1
        timerFor = nil
    }

    private func message(of error: Error) -> String { messageOf(error) }

    @discardableResult
    private func publish(_ s: UiState) -> UiState {
        state = s
        onChange?(s)
        return s
    }
}

/// The player's words for an error: a session error's message (in the session's language),
/// else the error's description.
public func messageOf(_ error: Error) -> String {
    switch error as? SessionError {
    case .InvalidSettings(let m)?, .WrongPhase(let m)?, .NotInHand(let m)?, .NoSuchCapture(let m)?,
         .IllegalMove(let m)?, .UndoOff(let m)?, .NothingToUndo(let m)?, .TooManyMatches(let m)?,
         .InvalidCard(let m)?, .BadScriptLine(let m)?, .BadSave(let m)?, .Internal(let m)?:
        return m
    case nil:
        return "\(error)"
    }
}
