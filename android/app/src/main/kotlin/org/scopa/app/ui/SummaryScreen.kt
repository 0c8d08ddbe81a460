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
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import org.scopa.app.controller.UiState

/**
 * The last hand's summary (the session's rows: what each counts, each side's points and
 * tally) and the match score; also the end of the match ([UiState.prompt] says who won).
 */
@Composable
fun SummaryScreen(s: UiState, button: String, onContinue: () -> Unit, onSettings: (() -> Unit)? = null) {
    val table = s.table ?: return
    val sides = s.names?.sides ?: return
    val l = s.texts.labels
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text(s.prompt, style = MaterialTheme.typography.headlineSmall)
        Line("", sides, bold = true)
        s.summary?.rows?.forEachIndexed { i, row ->
            val cells = row.points.indices.map { side ->
                row.tally[side]?.let { "${row.points[side]} ($it)" } ?: "${row.points[side]}"
            }
            Line(row.label, cells, bold = i == s.summary!!.rows.lastIndex)
        }
        HorizontalDivider()
        Line(l.matchScore, table.scores.map { "$it" }, bold = true)
        Button(onClick = onContinue, modifier = Modifier.fillMaxWidth()) { Text(button) }
        onSettings?.let { OutlinedButton(onClick = it, modifier = Modifier.fillMaxWidth()) { Text(l.newMatch) } }
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
