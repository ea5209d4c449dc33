//! A game's options as widgets, from its manifest: the presets row and the grid of
//! options (a checkbox, a slider or a menu each). The new-game dialog and the *Play
//! online* offer both draw them.

use std::{collections::BTreeMap, hash::Hash};

use game_api::{Manifest, OptionKind, OptionSpec, OptionValue};

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
/// the wrong kind is put back to the default). An option that matters only while
/// another has a value ([`OptionSpec::only_when`]) is shown disabled while the other
/// has not, its hover text saying when it matters; its value is kept meanwhile (and
/// sent with the others). `salt` keeps the menus' ids apart from another form's.
/// Returns whether a value changed.
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
                let idle = (!spec.matters_with(&manifest.options, values))
                    .then(|| matters_only_when(&manifest.options, spec));
                changed |= option_row(ui, spec, idle.as_deref(), values, salt);
                ui.end_row();
            }
        });
    changed
}

/// One option's label and widget, both disabled with `idle` (when it matters) as their
/// hover text while it does not matter. Returns whether its value changed.
fn option_row(
    ui: &mut egui::Ui,
    spec: &OptionSpec,
    idle: Option<&str>,
    values: &mut BTreeMap<String, OptionValue>,
    salt: impl Hash + Copy + std::fmt::Debug,
) -> bool {
    let mut label = ui.add_enabled(idle.is_none(), egui::Label::new(&spec.label));
    if !spec.description.is_empty() {
        label = label.on_hover_text(&spec.description);
    }
    if let Some(idle) = idle {
        let text = if spec.description.is_empty() {
            idle.to_owned()
        } else {
            format!("{idle}\n\n{}", spec.description)
        };
        label.clone().on_disabled_hover_text(text);
    }
    let value = values
        .entry(spec.key.clone())
        .or_insert_with(|| spec.default.clone());
    let widget = ui.add_enabled_ui(idle.is_none(), |ui| match (&spec.kind, value) {
        (OptionKind::Bool, OptionValue::Bool(b)) => {
            let r = ui.checkbox(b, "").labelled_by(label.id);
            (r.changed(), Some(r))
        }
        (OptionKind::Integer { min, max }, OptionValue::Int(i)) => {
            let r = ui
                .add(egui::Slider::new(i, *min..=*max))
                .labelled_by(label.id);
            (r.changed(), Some(r))
        }
        (OptionKind::Choice { choices }, OptionValue::Choice(c)) => {
            let mut changed = false;
            let shown = choices
                .iter()
                .find(|x| &x.value == c)
                .map_or(c.clone(), |x| x.label.clone());
            let r = egui::ComboBox::from_id_salt(("option", &spec.key, salt))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for choice in choices {
                        changed |= ui
                            .selectable_value(c, choice.value.clone(), &choice.label)
                            .changed();
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text(&spec.label);
            (changed, Some(r))
        }
        (_, value) => {
            *value = spec.default.clone();
            (true, None)
        }
    });
    let (changed, response) = widget.inner;
    if let (Some(idle), Some(response)) = (idle, response) {
        // Told to a screen reader too, in place of the widget's usual description.
        ui.ctx().accesskit_node_builder(response.id, |node| {
            node.set_description(idle);
        });
        response.on_disabled_hover_text(idle);
    }
    changed
}

/// When `spec` matters, in words from the labels of `schema` (the option it depends on,
/// the label of the choice it needs): "Matters only when “Play in rounds” is on". Empty
/// for an option that always matters. The host knows no game: the words are the
/// plugin's labels.
fn matters_only_when(schema: &[OptionSpec], spec: &OptionSpec) -> String {
    let Some(condition) = &spec.only_when else {
        return String::new();
    };
    let other = schema.iter().find(|s| s.key == condition.key);
    let option = other.map_or_else(|| condition.key.clone(), |s| s.label.clone());
    match &condition.value {
        OptionValue::Bool(true) => crate::tr!("option-matters-when-on", option = option),
        OptionValue::Bool(false) => crate::tr!("option-matters-when-off", option = option),
        OptionValue::Int(i) => {
            crate::tr!(
                "option-matters-when-value",
                option = option,
                value = i.to_string()
            )
        }
        OptionValue::Choice(c) => {
            let value = match other.map(|s| &s.kind) {
                Some(OptionKind::Choice { choices }) => choices
                    .iter()
                    .find(|x| &x.value == c)
                    .map_or_else(|| c.clone(), |x| x.label.clone()),
                _ => c.clone(),
            };
            crate::tr!("option-matters-when-value", option = option, value = value)
        }
    }
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
