package org.scopa.app.controller

import org.scopa.engine.CaptureOption
import org.scopa.engine.CardChoice
import org.scopa.engine.CardView
import org.scopa.engine.BannerKind
import org.scopa.engine.BriscolaEvent
import org.scopa.engine.Choices
import org.scopa.engine.Event
import org.scopa.engine.EventKind
import org.scopa.engine.Frame
import org.scopa.engine.Labels
import org.scopa.engine.Next
import org.scopa.engine.Offers
import org.scopa.engine.Pile
import org.scopa.engine.RecapHand
import org.scopa.engine.ScopaEvent
import org.scopa.engine.Summary
import org.scopa.engine.SummaryRow
import org.scopa.engine.TableMiddle

// How the screens read the engine's Frame — scopa-frame's record, the same the server and
// the browser get as JSON: each helper picks a field out of the record's enums (no text is
// written and no rule decided here; every value is the engine's).

/** A button of the table ([Frame.offers]): what [GameController.press] does. */
enum class Command { HINT, UNDO, CANCEL, PROCEED, REMATCH }

/** The buttons to show now, in this order. */
val Offers.commands: List<Command>
    get() = listOfNotNull(
        Command.HINT.takeIf { hint },
        Command.UNDO.takeIf { undo },
        Command.CANCEL.takeIf { cancel },
        Command.PROCEED.takeIf { proceed },
        Command.REMATCH.takeIf { rematch },
    )

/** Whether [command]'s button is offered now. */
fun Frame.has(command: Command): Boolean = command in offers.commands

/** The button's label, from the engine's labels ([UiState.texts]). */
fun Command.label(l: Labels): String = when (this) {
    Command.HINT -> l.hint
    Command.UNDO -> l.undo
    Command.CANCEL -> l.cancel
    Command.PROCEED -> l.carryOn
    Command.REMATCH -> l.rematch
}

/** The cards of the hand the viewer may play now (empty: nothing to play). */
val Frame.playable: List<CardChoice> get() = (choices as? Choices.Cards)?.cards ?: emptyList()

/** The card whose capture the viewer chooses (null: no choice open). */
val Frame.choosing: CardView? get() = (choices as? Choices.Captures)?.card

/** The captures to choose from, in the order of [GameController.chooseCapture]'s index. */
val Frame.captureOptions: List<CaptureOption> get() = (choices as? Choices.Captures)?.options ?: emptyList()

/** The delay running (null: the session waits for a person). */
val Frame.dueMs: UInt? get() = (next as? Next.Due)?.v1?.afterMs

/** The viewer's hand, as cards (a card held twice, twice). */
val Frame.handCards: List<UByte> get() = hand.map { it.card }

/** The cards face up: Scopa's table, or Briscola's trick in play order. */
val Frame.tableCards: List<UByte>
    get() = when (val t = table) {
        is TableMiddle.Scopa -> t.table.map { it.card }
        is TableMiddle.Briscola -> t.trick.map { it.card }
    }

/** Cards left: Scopa's deck, or Briscola's stock (the briscola included). */
val Frame.deckLeft: UByte
    get() = when (val t = table) {
        is TableMiddle.Scopa -> t.deckLeft
        is TableMiddle.Briscola -> t.stock
    }

/** Briscola's face-up briscola, whose suit is trump (null in Scopa). */
val Frame.briscola: CardView? get() = (table as? TableMiddle.Briscola)?.briscola

/** Scopa: each side's captures and scope this hand (empty in Briscola). */
val Frame.piles: List<Pile> get() = (table as? TableMiddle.Scopa)?.piles ?: emptyList()

/** Briscola: each side's card points this hand (empty in Scopa). */
val Frame.cardPoints: List<Int> get() = (table as? TableMiddle.Briscola)?.points?.unsigned() ?: emptyList()

/**
 * The numbers of a `Vec<u8>` of the frame (points per side: [SummaryRow.points],
 * `Summary.Briscola.points`, [RecapHand.points]), which uniffi hands over as a [ByteArray]:
 * read unsigned (two decks hold 240 card points).
 */
fun ByteArray.unsigned(): List<Int> = map { it.toUByte().toInt() }

/** The card the hint suggests (null: no hint). */
val Frame.hintCard: UByte? get() = hint?.mv?.card

/** What the hint's move takes, to highlight (a card taken twice named twice). */
val Frame.hintTakes: List<UByte> get() = hint?.mv?.capture ?: emptyList()

/** The summary on the banner: a finished hand's, or the last hand's at the end of the match. */
val Frame.summary: Summary?
    get() = when (val k = banner?.kind) {
        is BannerKind.HandOver -> k.summary
        is BannerKind.MatchOver -> k.lastHand
        else -> null
    }

/** A play among the events: the seat, the card and what it took (empty: laid, or Briscola). */
data class Play(val seat: UByte, val card: UByte, val takes: List<UByte>)

/** This event's play (null: another event). */
val Event.play: Play?
    get() = when (val k = kind) {
        is EventKind.Scopa -> (k.v1 as? ScopaEvent.Played)?.let { Play(it.seat, it.mv.card, it.mv.capture) }
        is EventKind.Briscola -> (k.v1 as? BriscolaEvent.Played)?.let { Play(it.seat, it.card, emptyList()) }
    }
