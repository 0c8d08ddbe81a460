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
import org.scopa.app.controller.Texts
import org.scopa.app.controller.UiState
import org.scopa.engine.Card
import org.scopa.engine.GameView

@Composable
fun TableScreen(s: UiState, c: GameController) {
    val v = s.view ?: return
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.spacedBy(12.dp)) {
        Scores(v)
        Text(
            when {
                s.aiPending -> "${Texts.seat(v.turn, c.humanSeat)} is thinking…"
                v.isMyTurn -> "Your turn"
                else -> ""
            },
            style = MaterialTheme.typography.titleMedium,
        )
        CardRow("Table (${v.deckLeft} in the deck)", v.table, s.hint?.move?.capture.orEmpty(), onTap = null)
        Spacer(Modifier.weight(1f))
        EventCaption(s, c)
        s.hint?.let { Text(it.text, style = MaterialTheme.typography.bodyMedium) }
        CardRow("Your hand", v.hand, listOfNotNull(s.hint?.move?.card), onTap = if (s.canPlay) c::selectCard else null)
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceBetween) {
            Button(onClick = c::requestHint, enabled = s.canPlay) { Text("Hint") }
            OutlinedButton(onClick = c::showSettings) { Text("Settings") }
        }
    }
}

/** Shows the pending events one after the other, then acknowledges them. */
@Composable
private fun EventCaption(s: UiState, c: GameController) {
    var caption by remember { mutableStateOf("") }
    val players = s.view?.players?.toInt() ?: 2
    LaunchedEffect(s.events) {
        val events = s.events
        if (events.isEmpty()) return@LaunchedEffect
        for (e in events) {
            caption = Texts.event(e, c.humanSeat, players)
            delay(600)
        }
        c.eventsShown(events.size)
    }
    Text(caption, Modifier.heightIn(min = 24.dp), style = MaterialTheme.typography.bodyMedium)
}

@Composable
private fun Scores(v: GameView) {
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceEvenly) {
        v.sides.forEach { side ->
            Column(horizontalAlignment = Alignment.CenterHorizontally) {
                Text(Texts.side(side.side.toInt(), v.players.toInt()), style = MaterialTheme.typography.labelMedium)
                Text("${side.score}", style = MaterialTheme.typography.headlineSmall, fontWeight = FontWeight.Bold)
                Text("${side.pileSize} cards, ${side.scope} scope", style = MaterialTheme.typography.labelSmall)
            }
        }
    }
}

@Composable
private fun CardRow(title: String, cards: List<Card>, highlighted: List<Card>, onTap: ((Card) -> Unit)?) {
    Column {
        Text(title, style = MaterialTheme.typography.labelMedium)
        LazyRow(horizontalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.padding(top = 4.dp)) {
            items(cards, key = { it.code }) { card -> CardFace(card, card in highlighted, onTap) }
        }
    }
}

@Composable
private fun CardFace(card: Card, highlighted: Boolean, onTap: ((Card) -> Unit)?) {
    Surface(
        shape = RoundedCornerShape(8.dp),
        border = BorderStroke(
            if (highlighted) 3.dp else 1.dp,
            if (highlighted) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.outline,
        ),
        modifier = Modifier
            .size(width = 56.dp, height = 84.dp)
            .semantics { contentDescription = Texts.card(card) }
            .then(if (onTap != null) Modifier.clickable { onTap(card) } else Modifier),
    ) {
        Column(horizontalAlignment = Alignment.CenterHorizontally, verticalArrangement = Arrangement.Center) {
            Text(Texts.value(card.value), style = MaterialTheme.typography.titleMedium)
            Text(Texts.suit(card.suit), style = MaterialTheme.typography.labelSmall)
        }
    }
}
