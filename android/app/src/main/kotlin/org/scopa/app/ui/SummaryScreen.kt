package org.scopa.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import org.scopa.app.controller.GameController
import org.scopa.app.controller.UiState
import org.scopa.app.controller.summary
import org.scopa.app.controller.unsigned
import org.scopa.engine.Frame
import org.scopa.engine.Summary

/**
 * The banner of a finished hand or match: its title, the summary (Scopa: the rows, what each
 * counts with each side's points and tally; Briscola: each side's card points and the
 * result), the match score, and the frame's buttons.
 */
@Composable
fun SummaryScreen(s: UiState, f: Frame, c: GameController) {
    val banner = f.banner ?: return
    val l = s.texts.labels
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text(banner.text, style = MaterialTheme.typography.headlineSmall)
        Line("", f.sides.map { it.name }, bold = true)
        when (val summary = f.summary) {
            is Summary.Scopa -> summary.rows.forEachIndexed { i, row ->
                val points = row.points.unsigned()
                val cells = points.indices.map { side ->
                    row.tally[side]?.let { "${points[side]} ($it)" } ?: "${points[side]}"
                }
                Line(row.label, cells, bold = i == summary.rows.lastIndex)
            }
            is Summary.Briscola -> {
                Line(l.cardPoints, summary.points.unsigned().map { "$it" }, bold = true)
                Text(summary.text, style = MaterialTheme.typography.bodyMedium)
            }
            null -> {}
        }
        HorizontalDivider()
        Line(l.matchScore, f.sides.map { "${it.score}" }, bold = true)
        Offers(s, f, c, Modifier.fillMaxWidth())
        if (f.over) OutlinedButton(onClick = c::showSettings, modifier = Modifier.fillMaxWidth()) { Text(l.newMatch) }
    }
}

@Composable
private fun Line(label: String, cells: List<String>, bold: Boolean = false) {
    val weight = if (bold) FontWeight.Bold else null
    Row(Modifier.fillMaxWidth()) {
        Text(label, Modifier.weight(2f), fontWeight = weight)
        cells.forEach { Text(it, Modifier.weight(1f), fontWeight = weight, textAlign = TextAlign.End) }
    }
}
