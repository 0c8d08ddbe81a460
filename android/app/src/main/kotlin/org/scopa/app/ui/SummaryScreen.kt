package org.scopa.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import org.scopa.app.controller.Texts
import org.scopa.app.controller.UiState

/** The breakdown of the last hand and the match score; also the match-over screen. */
@Composable
fun SummaryScreen(s: UiState, title: String, button: String, onContinue: () -> Unit) {
    val v = s.view ?: return
    val players = v.players.toInt()
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text(title, style = MaterialTheme.typography.headlineMedium)
        s.handBreakdown?.sides?.forEach { side ->
            Text(Texts.side(side.side.toInt(), players), style = MaterialTheme.typography.titleMedium)
            Line("Scope", side.scope)
            Line("Cards (${side.cards})", side.carte)
            Line("Coins (${side.coins})", side.denari)
            Line("Settebello", side.settebello)
            Line("Primiera (${side.primieraValue ?: "none"})", side.primiera)
            if (v.rules.napola) Line("Napola", side.napola)
            if (v.rules.reBello) Line("Re bello", side.reBello)
            Line("Total", side.total, bold = true)
            HorizontalDivider()
        }
        Text("Match", style = MaterialTheme.typography.titleMedium)
        val scores = if (s.finalScores.isNotEmpty()) s.finalScores else v.sides.map { it.score.toInt() }
        scores.forEachIndexed { side, score -> Line(Texts.side(side, players), score.toUInt()) }
        Button(onClick = onContinue, modifier = Modifier.fillMaxWidth()) { Text(button) }
    }
}

@Composable
private fun Line(label: String, points: UInt, bold: Boolean = false) {
    Row(Modifier.fillMaxWidth()) {
        Text(label, Modifier.weight(1f), fontWeight = if (bold) FontWeight.Bold else null)
        Text("$points", fontWeight = if (bold) FontWeight.Bold else null)
    }
}
