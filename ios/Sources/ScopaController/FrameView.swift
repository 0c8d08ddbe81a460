import ScopaEngine

// How the screens read the engine's `Frame` — scopa-frame's record, the same the server and
// the browser get as JSON: each helper picks a field out of the record's enums (no text is
// written and no rule decided here; every value is the engine's).

/// A button of the table (`Frame.offers`): what `GameController.press` does.
public enum Command: CaseIterable, Equatable, Sendable {
    case hint, undo, cancel, proceed, rematch

    /// The button's label, from the engine's labels (`UiState.texts`).
    public func label(_ l: Labels) -> String {
        switch self {
        case .hint: return l.hint
        case .undo: return l.undo
        case .cancel: return l.cancel
        case .proceed: return l.carryOn
        case .rematch: return l.rematch
        }
    }
}

extension Offers {
    /// The buttons to show now, in this order.
    public var commands: [Command] {
        Command.allCases.filter { c in
            switch c {
            case .hint: return hint
            case .undo: return undo
            case .cancel: return cancel
            case .proceed: return proceed
            case .rematch: return rematch
            }
        }
    }
}

/// A play among the events: the seat, the card and what it took (empty: laid, or Briscola).
public struct Play: Equatable, Sendable {
    public var seat: UInt8
    public var card: UInt8
    public var takes: [UInt8]

    public init(seat: UInt8, card: UInt8, takes: [UInt8]) {
        self.seat = seat
        self.card = card
        self.takes = takes
    }
}

extension Event {
    /// This event's play (nil: another event).
    public var play: Play? {
        switch kind {
        case let .scopa(.played(seat, mv)): return Play(seat: seat, card: mv.card, takes: mv.capture)
        case let .briscola(.played(seat, card)): return Play(seat: seat, card: card, takes: [])
        default: return nil
        }
    }
}

extension Frame {
    /// Whether `command`'s button is offered now.
    public func has(_ command: Command) -> Bool { offers.commands.contains(command) }

    /// The cards of the hand the viewer may play now (empty: nothing to play).
    public var playable: [CardChoice] {
        if case let .cards(cards) = choices { return cards }
        return []
    }

    /// The card whose capture the viewer chooses (nil: no choice open).
    public var choosing: CardView? {
        if case let .captures(card, _) = choices { return card }
        return nil
    }

    /// The captures to choose from, in the order of `GameController.chooseCapture`'s index.
    public var captureOptions: [CaptureOption] {
        if case let .captures(_, options) = choices { return options }
        return []
    }

    /// The delay running (nil: the session waits for a person).
    public var dueMs: UInt32? {
        if case let .due(due) = next { return due.afterMs }
        return nil
    }

    /// The viewer's hand, as cards (a card held twice, twice).
    public var handCards: [UInt8] { hand.map(\.card) }

    /// The cards face up: Scopa's table, or Briscola's trick in play order.
    public var tableCards: [UInt8] {
        switch table {
        case let .scopa(cards, _, _, _, _, _): return cards.map(\.card)
        case let .briscola(trick, _, _, _, _, _, _, _): return trick.map(\.card)
        }
    }

    /// Cards left: Scopa's deck, or Briscola's stock (the briscola included).
    public var deckLeft: UInt8 {
        switch table {
        case let .scopa(_, deckLeft, _, _, _, _): return deckLeft
        case let .briscola(_, _, _, _, stock, _, _, _): return stock
        }
    }

    /// Briscola's face-up briscola, whose suit is trump (nil in Scopa).
    public var briscola: CardView? {
        if case let .briscola(_, _, briscola, _, _, _, _, _) = table { return briscola }
        return nil
    }

    /// Scopa: each side's captures and scope this hand (empty in Briscola).
    public var piles: [Pile] {
        if case let .scopa(_, _, piles, _, _, _) = table { return piles }
        return []
    }

    /// Briscola: each side's card points this hand (empty in Scopa).
    public var cardPoints: [UInt8] {
        if case let .briscola(_, _, _, _, _, _, points, _) = table { return [UInt8](points) }
        return []
    }

    /// The card the hint suggests (nil: no hint).
    public var hintCard: UInt8? { hint?.mv.card }

    /// What the hint's move takes, to highlight (a card taken twice named twice).
    public var hintTakes: [UInt8] { hint?.mv.capture ?? [] }

    /// The summary on the banner: a finished hand's, or the last hand's at the end of the match.
    public var summary: Summary? {
        switch banner?.kind {
        case let .handOver(summary): return summary
        case let .matchOver(_, _, lastHand): return lastHand
        default: return nil
        }
    }

    /// Which banner shows (nil: none), without what it holds.
    public var bannerCase: BannerCase? {
        switch banner?.kind {
        case .scopa: return .scopa
        case .handOff: return .handOff
        case .handOver: return .handOver
        case .matchOver: return .matchOver
        case nil: return nil
        }
    }
}

/// The kind of banner over the table, for comparing (`Frame.bannerCase`).
public enum BannerCase: Equatable, Sendable {
    case scopa, handOff, handOver, matchOver
}
