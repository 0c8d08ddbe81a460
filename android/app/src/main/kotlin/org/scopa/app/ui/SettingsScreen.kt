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
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.unit.dp
import org.scopa.app.controller.GameController
import org.scopa.app.controller.Settings
import org.scopa.app.controller.Texts
import org.scopa.app.controller.UiState
import org.scopa.engine.AceRule
import org.scopa.engine.AiLevel
import org.scopa.engine.PrimieraRule

@Composable
fun SettingsScreen(s: UiState, c: GameController) {
    val set = s.settings
    Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Text("Scopa", style = MaterialTheme.typography.headlineMedium)
        Choice("Players", Settings.PLAYER_COUNTS, set.players, { if (it == 4) "4 (teams)" else "$it" }) {
            c.updateSettings(set.copy(players = it))
        }
        Choice("Computer level", AiLevel.entries, set.aiLevel, Texts::aiLevel) { c.updateSettings(set.copy(aiLevel = it)) }
        Choice("Play to", Settings.TARGETS, set.target, { "$it points" }) { c.updateSettings(set.copy(target = it)) }
        Choice("Deal", set.availableDeals(), set.deal, Texts::deal) { c.updateSettings(set.copy(deal = it)) }
        Choice("Primiera", PrimieraRule.entries, set.primiera, Texts::primiera) { c.updateSettings(set.copy(primiera = it)) }
        Choice("Ace", AceRule.entries, set.ace, Texts::ace) { c.updateSettings(set.copy(ace = it)) }
        Toggle("Napola", set.napola) { c.updateSettings(set.copy(napola = it)) }
        Toggle("Re bello", set.reBello) { c.updateSettings(set.copy(reBello = it)) }
        Toggle("Redeal on 3+ kings on the table", set.kingsRedeal) { c.updateSettings(set.copy(kingsRedeal = it)) }
        Button(onClick = { c.newMatch(set) }, modifier = Modifier.fillMaxWidth()) { Text("New match") }
        if (s.view?.isOver == false) {
            Button(onClick = { c.launch() }, modifier = Modifier.fillMaxWidth()) { Text("Resume match") }
        }
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
