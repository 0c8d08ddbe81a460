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
import androidx.compose.material3.Button
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
import org.scopa.app.controller.cardsOf
import org.scopa.engine.Phase
import org.scopa.engine.UiTexts

/** The table: scores, the session's prompt (a scopa is its banner), table, hand, buttons. */
@Composable
fun TableScreen(s: UiState, c: GameController) {
    val t = s.table ?: return
    val texts = s.texts
    val l = texts.labels
    val hint = s.hint
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.spacedBy(12.dp)) {
        Scores(s)
        Text(
            s.prompt,
            style = if (s.phase is Phase.Scopa) MaterialTheme.typography.headlineSmall else MaterialTheme.typography.titleMedium,
            fontWeight = if (s.phase is Phase.Scopa) FontWeight.Bold else null,
        )
        CardRow("${l.table} · ${l.deck} ${t.deckLeft}", cardsOf(t.table), hint?.let { cardsOf(it.capture) }.orEmpty(), texts, onTap = null)
        Spacer(Modifier.weight(1f))
        EventCaption(s, c)
        hint?.let { Text(it.text, style = MaterialTheme.typography.bodyMedium) }
        CardRow(l.yourHand, cardsOf(t.hand), listOfNotNull(hint?.card), texts, onTap = if (s.canPlay) c::select else null)
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            Button(onClick = c::requestHint, enabled = s.canPlay) { Text(l.hint) }
            if (s.settings.undo) OutlinedButton(onClick = c::undo, enabled = t.canUndo) { Text(l.undo) }
            if (s.phase is Phase.Scopa) OutlinedButton(onClick = c::proceed) { Text(l.carryOn) }
            Spacer(Modifier.weight(1f))
            OutlinedButton(onClick = c::showSettings) { Text(l.settings) }
        }
    }
}

/** Shows the pending events' captions one after the other, then acknowledges them. */
@Composable
private fun EventCaption(s: UiState, c: GameController) {
    var caption by remember { mutableStateOf("") }
    LaunchedEffect(s.events) {
        val events = s.events
        if (events.isEmpty()) return@LaunchedEffect
        for (e in events) {
            caption = e.text
            delay(600)
        }
        c.eventsShown(events.size)
    }
    Text(caption, Modifier.heightIn(min = 24.dp), style = MaterialTheme.typography.bodyMedium)
}

@Composable
private fun Scores(s: UiState) {
    val t = s.table ?: return
    val names = s.names ?: return
    val l = s.texts.labels
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceEvenly) {
        names.sides.forEachIndexed { side, name ->
            Column(horizontalAlignment = Alignment.CenterHorizontally) {
                Text(name, style = MaterialTheme.typography.labelMedium)
                Text("${t.scores[side]}", style = MaterialTheme.typography.headlineSmall, fontWeight = FontWeight.Bold)
                Text(
                    "${l.captured} ${t.piles[side].countOneBits()} · ${l.scope} ${t.scope[side]}",
                    style = MaterialTheme.typography.labelSmall,
                )
            }
        }
    }
}

@Composable
private fun CardRow(title: String, cards: List<UByte>, highlighted: List<UByte>, texts: UiTexts, onTap: ((UByte) -> Unit)?) {
    Column {
        Text(title, style = MaterialTheme.typography.labelMedium)
        LazyRow(horizontalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.padding(top = 4.dp)) {
            items(cards, key = { it.toInt() }) { card -> CardFace(card, card in highlighted, texts, onTap) }
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
