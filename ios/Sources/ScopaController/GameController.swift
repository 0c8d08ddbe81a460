import Foundation
import ScopaEngine

/// Glue between the UI and the engine's `ScopaEngine.GameController` (which owns the whole
/// flow: phases, pacing, AI, hints, undo, autosave, texts): it gives the engine the store, a
/// timer on the pacer and a listener that publishes each `Frame` in `UiState`, and keeps
/// the screen and the settings being edited. Confined to one thread (the main thread).
public final class GameController {
    public private(set) var state: UiState
    /// Saves written since this controller was created.
    public private(set) var savesWritten = 0
    /// Called with every new state (on the controller's thread).
    public var onChange: ((UiState) -> Void)?

    private let store: SaveStore, pacer: Pacer, lang: Lang, pacing: Pacing, seeds: () -> UInt64
    private var engine: ScopaEngine.GameController?
    private var glue: Glue?

    /// The engine's three platform traits, for one engine: once replaced, it does nothing.
    private final class Glue: ScopaEngine.SaveStore, ScopaEngine.Timer, FrameListener, @unchecked Sendable {
        weak var owner: GameController?
        init(_ owner: GameController) { self.owner = owner }

        func write(bytes: Data) throws {
            do { try owner?.store.save(bytes); owner?.savesWritten += 1 } catch { throw StoreError.Failed(reason: "\(error)") }
        }
        func schedule(afterMs: UInt32, token: UInt32) {
            owner?.pacer.schedule(afterMillis: Int(afterMs)) { [weak self] in
                guard let o = self?.owner, o.glue === self, o.state.screen == .table else { return }
                o.call { try $0.fire(token: token) }
            }
        }
        func onFrame(frame: Frame) {
            if let o = owner, o.glue === self { o.update { $0.frame = frame } }
        }
    }

    /// `lang` is the system language: every text and message is in it.
    public init(
        store: SaveStore, pacer: Pacer, lang: Lang, pacing: Pacing = appsPacing(),
        seeds: @escaping () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    ) {
        self.store = store
        self.pacer = pacer
        self.lang = lang
        self.pacing = pacing
        self.seeds = seeds
        state = UiState(screen: .settings, settings: defaultSettings(lang: lang), texts: uiTexts(lang: lang))
    }

    /// The session's bytes (nil without a session).
    public func currentSave() -> Data? { try? engine?.save() }

    /// At app start: resumes the saved session if there is one (a legacy save is migrated
    /// and written again), else the settings. An unreadable save is set aside and reported.
    @discardableResult
    public func launch() -> UiState {
        let labels = state.texts.labels
        let loaded: Data?
        do { loaded = try store.load() } catch {
            return update { $0.message = "\(labels.saveUnreadable): \(error). \(labels.saveSetAside)" }
        }
        guard let bytes = loaded else { return state }
        let g = Glue(self)
        do {
            let e = try ScopaEngine.GameController.restore(bytes: bytes, lang: lang, pacing: pacing, store: g, timer: g, listener: g)
            start(e, g, (try? e.settings()) ?? state.settings)
        } catch {
            let kept: String
            do { kept = try store.setAside().map { " (\($0))" } ?? "" } catch let io { kept = " (\(io))" }
            update { $0.message = "\(messageOf(error)). \(labels.saveSetAside)\(kept)" }
        }
        return state
    }

    /// Edits the settings; `settingsError` says if they cannot be played.
    public func updateSettings(_ settings: SessionSettings) {
        let error: String?
        do { try checkSettings(settings: settings); error = nil } catch let e { error = messageOf(e) }
        update { $0.settings = settings; $0.settingsError = error }
    }

    /// Starts a session with `settings` and `seed` (random if nil); false if they cannot be played.
    @discardableResult
    public func newMatch(_ settings: SessionSettings? = nil, seed: UInt64? = nil) -> Bool {
        var settings = settings ?? state.settings
        settings.lang = lang
        let g = Glue(self)
        do {
            start(try ScopaEngine.GameController(settings: settings, seed: seed ?? seeds(), pacing: pacing, store: g, timer: g, listener: g), g, settings)
            return true
        } catch {
            update { $0.screen = .settings; $0.settings = settings; $0.message = messageOf(error) }
            return false
        }
    }

    /// The settings screen; the match waits (its timer does nothing) until `resume()`.
    public func showSettings() { update { $0.screen = .settings } }
    /// Back to the table: the current frame again, its timer re-armed.
    public func resume() { if engine != nil { update { $0.screen = .table }; call { try $0.resume() } } }
    public func select(_ card: UInt8) { call { try $0.select(card: card) } }
    public func chooseCapture(_ index: Int) { call { try $0.capture(index: UInt8(clamping: index)) } }
    public func dismissMessage() { update { $0.message = nil } }
    /// A button of `Frame.offers` (or the capture dialog's cancel).
    public func press(_ command: Command) {
        call { e in
            switch command {
            case .hint: try e.hint()
            case .undo: try e.undo()
            case .cancel: try e.cancel()
            case .proceed: try e.proceed()
            case .rematch: try e.rematch()
            }
        }
    }

    private func start(_ e: ScopaEngine.GameController, _ g: Glue, _ settings: SessionSettings) {
        engine = e
        glue = g
        state.screen = .table
        state.settings = settings
        state.message = nil
        call { try $0.resume() }
    }

    /// Runs `f` on the engine; its errors (a bug: refusals are in the frame) become `message`.
    private func call(_ f: (ScopaEngine.GameController) throws -> Void) {
        guard let e = engine else { return }
        do { try f(e) } catch { update { $0.message = messageOf(error) } }
    }

    @discardableResult
    private func update(_ change: (inout UiState) -> Void) -> UiState {
        change(&state)
        onChange?(state)
        return state
    }
}

/// The player's words for an error: a session error's message, else its description.
public func messageOf(_ error: Error) -> String {
    switch error as? SessionError {
    case .InvalidSettings(let m)?, .WrongPhase(let m)?, .NotInHand(let m)?, .NoSuchCapture(let m)?, .IllegalMove(let m)?, .UndoOff(let m)?,
         .NothingToUndo(let m)?, .TooManyMatches(let m)?, .InvalidCard(let m)?, .BadScriptLine(let m)?, .BadSave(let m)?, .Internal(let m)?:
        return m
    case nil: return "\(error)"
    }
}
