package org.scopa.app.ui

import androidx.compose.foundation.BorderStroke
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.delay
import org.scopa.app.controller.GameController
import org.scopa.app.controller.UiState
import org.scopa.app.controller.briscola
import org.scopa.app.controller.cardPoints
import org.scopa.app.controller.deckLeft
import org.scopa.app.controller.handCards
import org.scopa.app.controller.hintCard
import org.scopa.app.controller.hintTakes
import org.scopa.app.controller.piles
import org.scopa.app.controller.playable
import org.scopa.app.controller.tableCards
import org.scopa.engine.Frame
import org.scopa.engine.UiTexts

/**
 * The table: scores, the frame's status (a scopa is its banner), the table's cards (Briscola:
 * the trick, and the briscola), the hand, buttons.
 */
@Composable
fun TableScreen(s: UiState, f: Frame, c: GameController) {
    val texts = s.texts
    val l = texts.labels
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.spacedBy(12.dp)) {
        Scores(s, f)
        Text(
            f.banner?.text ?: f.status,
            style = if (f.banner != null) MaterialTheme.typography.headlineSmall else MaterialTheme.typography.titleMedium,
            fontWeight = if (f.banner != null) FontWeight.Bold else null,
        )
        f.briscola?.let { Text("${l.briscola}: ${it.name}", style = MaterialTheme.typography.labelMedium) }
        val title = if (f.briscola != null) "${l.trick} · ${l.stock} ${f.deckLeft}" else "${l.table} · ${l.deck} ${f.deckLeft}"
        CardRow(title, f.tableCards, f.hintTakes, texts, onTap = null)
        Spacer(Modifier.weight(1f))
        EventCaption(f)
        f.hint?.let { Text(it.text, style = MaterialTheme.typography.bodyMedium) }
        CardRow(l.yourHand, f.handCards, listOfNotNull(f.hintCard), texts, onTap = if (f.playable.isNotEmpty()) c::select else null)
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            Offers(s, f, c)
            Spacer(Modifier.weight(1f))
            OutlinedButton(onClick = c::showSettings) { Text(l.settings) }
        }
    }
}

/** Shows the captions of the frame's events one after the other. */
@Composable
private fun EventCaption(f: Frame) {
    var caption by remember { mutableStateOf("") }
    LaunchedEffect(f.events) {
        for (e in f.events) {
            caption = e.text
            delay(600)
        }
    }
    Text(caption, Modifier.heightIn(min = 24.dp), style = MaterialTheme.typography.bodyMedium)
}

@Composable
private fun Scores(s: UiState, f: Frame) {
    val l = s.texts.labels
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceEvenly) {
        f.sides.forEachIndexed { i, side ->
            Column(horizontalAlignment = Alignment.CenterHorizontally) {
                Text(side.name, style = MaterialTheme.typography.labelMedium)
                Text("${side.score}", style = MaterialTheme.typography.headlineSmall, fontWeight = FontWeight.Bold)
                // This hand so far: Scopa's captures and scope, or Briscola's card points.
                val hand = f.piles.getOrNull(i)?.let { "${l.captured} ${it.cards.size} · ${l.scope} ${it.scope}" }
                    ?: f.cardPoints.getOrNull(i)?.let { "${l.cardPoints} $it" }
                hand?.let { Text(it, style = MaterialTheme.typography.labelSmall) }
            }
        }
    }
}

@Composable
private fun CardRow(title: String, cards: List<UByte>, highlighted: List<UByte>, texts: UiTexts, onTap: ((UByte) -> Unit)?) {
    Column {
        Text(title, style = MaterialTheme.typography.labelMedium)
        LazyRow(horizontalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.padding(top = 4.dp)) {
            // A card held twice (two decks, 6 or 8 players) is there twice: no key by card.
            items(cards) { card -> CardFace(card, card in highlighted, texts, onTap) }
        }
    }
}

@Composable
private fun CardFace(card: UByte, highlighted: Boolean, texts: UiTexts, onTap: ((UByte) -> Unit)?) {
    Surface(
        shape = RoundedCornerShape(8.dp),
        border = BorderStroke(
            if (highlighted) 3.dp else 1.dp,
            if (highlighted) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.outline,
        ),
        modifier = Modifier
            .size(width = 56.dp, height = 84.dp)
            .semantics { contentDescription = texts.cards[card.toInt()] }
            .then(if (onTap != null) Modifier.clickable { onTap(card) } else Modifier),
    ) {
        Column(horizontalAlignment = Alignment.CenterHorizontally, verticalArrangement = Arrangement.Center) {
            Text(texts.faces[card.toInt()], style = MaterialTheme.typography.titleMedium)
        }
    }
}
