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
import org.scopa.engine.Frame

/**
 * The banner of a finished hand or match: its title, the summary rows (what each counts,
 * each side's points and tally), the match score, and the frame's buttons.
 */
@Composable
fun SummaryScreen(s: UiState, f: Frame, c: GameController) {
    val banner = f.banner ?: return
    val l = s.texts.labels
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text(banner.text, style = MaterialTheme.typography.headlineSmall)
        Line("", f.sides.map { it.name }, bold = true)
        banner.rows.forEachIndexed { i, row ->
            val cells = row.points.indices.map { side ->
                row.tally[side]?.let { "${row.points[side]} ($it)" } ?: "${row.points[side]}"
            }
            Line(row.label, cells, bold = i == banner.rows.lastIndex)
        }
        HorizontalDivider()
        Line(l.matchScore, f.sides.map { "${it.score}" }, bold = true)
        Offers(f, c, Modifier.fillMaxWidth())
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
