package org.scopa.app.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.unit.dp
import org.scopa.app.controller.GameController
import org.scopa.app.controller.UiState
import org.scopa.app.controller.aiLevel
import org.scopa.app.controller.withAiLevel
import org.scopa.app.controller.withPlayers
import org.scopa.app.controller.withSeat
import org.scopa.engine.maxSeats

private val TARGETS = listOf(11u, 16u, 21u, 31u)

/**
 * Players and who plays each seat (a person on this device or the computer: one person
 * against the computer, pass-and-play, or watch mode), the computer's level, every rules
 * option and undo. The session checks the settings ([UiState.settingsError]).
 */
@Composable
fun SettingsScreen(s: UiState, c: GameController) {
    val set = s.settings
    val t = s.texts
    val l = t.labels
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text(l.scopa, style = MaterialTheme.typography.headlineMedium)
        if (s.canResume) {
            Button(onClick = c::resume, modifier = Modifier.fillMaxWidth()) { Text(l.resume) }
        }
        Choice(l.players, listOf(2u, 3u, 4u, 6u, 8u), set.rules.players, { "$it" }) { c.updateSettings(set.withPlayers(it.toInt())) }
        for (seat in 0 until set.rules.players.toInt()) {
            Choice("${l.seat} ${seat + 1}", listOf(false, true), set.seats[seat] != null, { if (it) l.ai else l.human }) { ai ->
                c.updateSettings(set.withSeat(seat, if (ai) set.aiLevel() else null))
            }
        }
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            OutlinedButton(onClick = { c.updateSettings(set.copy(seats = List(maxSeats().toInt()) { null }, undo = false)) }) { Text(l.passAndPlay) }
            OutlinedButton(onClick = { c.updateSettings(set.copy(seats = List(maxSeats().toInt()) { set.aiLevel() }, undo = false)) }) { Text(l.watchMode) }
        }
        Choice(l.aiLevel, t.levels, t.levels.first { it.level == set.aiLevel() }, { it.name }) { c.updateSettings(set.withAiLevel(it.level)) }
        Choice(l.target, TARGETS, set.rules.target, { "$it" }) { c.updateSettings(set.copy(rules = set.rules.copy(target = it))) }
        Choice(l.deal, t.deals, t.deals.first { it.deal == set.rules.deal }, { it.name }) {
            c.updateSettings(set.copy(rules = set.rules.copy(deal = it.deal)))
        }
        Choice(l.primiera, t.primieraRules, t.primieraRules.first { it.rule == set.rules.primiera }, { it.name }) {
            c.updateSettings(set.copy(rules = set.rules.copy(primiera = it.rule)))
        }
        Choice(l.ace, t.aceRules, t.aceRules.first { it.rule == set.rules.ace }, { it.name }) {
            c.updateSettings(set.copy(rules = set.rules.copy(ace = it.rule)))
        }
        Toggle(l.napola, set.rules.napola) { c.updateSettings(set.copy(rules = set.rules.copy(napola = it))) }
        Toggle(l.reBello, set.rules.reBello) { c.updateSettings(set.copy(rules = set.rules.copy(reBello = it))) }
        Toggle(l.kingsRedeal, set.rules.kingsRedeal) { c.updateSettings(set.copy(rules = set.rules.copy(kingsRedeal = it))) }
        Toggle(l.undo, set.undo) { c.updateSettings(set.copy(undo = it)) }
        s.settingsError?.let { Text(it, color = MaterialTheme.colorScheme.error) }
        Button(onClick = { c.newMatch() }, enabled = s.settingsError == null, modifier = Modifier.fillMaxWidth()) { Text(l.newMatch) }
    }
}

@Composable
private fun <T> Choice(label: String, options: List<T>, selected: T, text: (T) -> String, onSelect: (T) -> Unit) {
    Text(label, style = MaterialTheme.typography.titleSmall)
    Column {
        options.forEach { option ->
            Row(
                Modifier
                    .fillMaxWidth()
                    .selectable(selected = option == selected, role = Role.RadioButton) { onSelect(option) }
                    .padding(vertical = 2.dp),
                verticalAlignment = Alignment.CenterVertically,
            ) {
                RadioButton(selected = option == selected, onClick = null)
                Text(text(option), Modifier.padding(start = 8.dp))
            }
        }
    }
}

@Composable
private fun Toggle(label: String, checked: Boolean, onChange: (Boolean) -> Unit) {
    Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
        Text(label, Modifier.weight(1f))
        Switch(checked = checked, onCheckedChange = onChange)
    }
}
