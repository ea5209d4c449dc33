//! A game's options as widgets, from its manifest: the presets row and the grid of
//! options (a checkbox, a slider or a menu each). The new-game dialog and the *Play
//! online* offer both draw them.

use std::{collections::BTreeMap, hash::Hash};

use game_api::{Manifest, OptionKind, OptionValue};

/// The presets of `manifest` as buttons, the one `values` match shown chosen; a click
/// sets its values. Returns whether a value changed.
pub(super) fn presets_ui(
    ui: &mut egui::Ui,
    manifest: &Manifest,
    values: &mut BTreeMap<String, OptionValue>,
) -> bool {
    let mut changed = false;
    if manifest.presets.is_empty() {
        return false;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(crate::tr!("new-game-presets"));
        for preset in &manifest.presets {
            let chosen = preset.values.iter().all(|(k, v)| values.get(k) == Some(v));
            if ui
                .selectable_label(chosen, &preset.name)
                .on_hover_text(&preset.description)
                .clicked()
            {
                for (k, v) in &preset.values {
                    values.insert(k.clone(), v.clone());
                }
                changed = true;
            }
        }
    });
    changed
}

/// The options of `manifest` as a grid of labelled widgets editing `values` (a value of
/// the wrong kind is put back to the default). `salt` keeps the menus' ids apart from
/// another form's. Returns whether a value changed.
pub(super) fn options_ui(
    ui: &mut egui::Ui,
    manifest: &Manifest,
    values: &mut BTreeMap<String, OptionValue>,
    salt: impl Hash + Copy + std::fmt::Debug,
) -> bool {
    let mut changed = false;
    egui::Grid::new(("options", salt))
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for spec in &manifest.options {
                let label = ui.label(&spec.label);
                if !spec.description.is_empty() {
                    label.clone().on_hover_text(&spec.description);
                }
                let value = values
                    .entry(spec.key.clone())
                    .or_insert_with(|| spec.default.clone());
                match (&spec.kind, value) {
                    (OptionKind::Bool, OptionValue::Bool(b)) => {
                        changed |= ui.checkbox(b, "").labelled_by(label.id).changed();
                    }
                    (OptionKind::Integer { min, max }, OptionValue::Int(i)) => {
                        changed |= ui
                            .add(egui::Slider::new(i, *min..=*max))
                            .labelled_by(label.id)
                            .changed();
                    }
                    (OptionKind::Choice { choices }, OptionValue::Choice(c)) => {
                        let shown = choices
                            .iter()
                            .find(|x| &x.value == c)
                            .map_or(c.clone(), |x| x.label.clone());
                        egui::ComboBox::from_id_salt(("option", &spec.key, salt))
                            .selected_text(shown)
                            .show_ui(ui, |ui| {
                                for choice in choices {
                                    changed |= ui
                                        .selectable_value(c, choice.value.clone(), &choice.label)
                                        .changed();
                                }
                            })
                            .response
                            .on_hover_text(&spec.label);
                    }
                    (_, value) => {
                        *value = spec.default.clone();
                        changed = true;
                    }
                }
                ui.end_row();
            }
        });
    changed
}

/// Clocks on or off, and their time and increment when on.
pub(super) fn clock_row(ui: &mut egui::Ui, (on, minutes, increment): &mut (bool, u32, u32)) {
    ui.horizontal(|ui| {
        ui.checkbox(on, crate::tr!("clocks"))
            .on_hover_text(crate::tr!("clocks-hint"));
        if *on {
            ui.add(
                egui::DragValue::new(minutes)
                    .range(1..=180)
                    .suffix(crate::tr!("minutes-suffix")),
            )
            .on_hover_text(crate::tr!("clocks-time-hint"));
            ui.label("+");
            ui.add(
                egui::DragValue::new(increment)
                    .range(0..=60)
                    .suffix(crate::tr!("seconds-per-move-suffix")),
            )
            .on_hover_text(crate::tr!("clocks-increment-hint"));
        }
    });
}
