//! `onag form`: expressions of partizan games, evaluated by the library's Conway algebra
//! (`onag_core::partizan`), printed as CGSuite prints them.

use std::io::Write;

use onag_core::partizan::{
    self, Dyadic, Form, FormError, PartizanOutcome, Thermograph, Trajectory, Value,
};
use serde_json::{Value as Json, json};

use super::Error;
use crate::cli::{FormArgs, FormFormat, within_the_process};

pub fn run(arguments: &FormArgs, out: &mut dyn Write) -> Result<(), Error> {
    let text = arguments.expression.join(" ");
    partizan::set_max_memory(
        usize::try_from(within_the_process(arguments.max_memory)).unwrap_or(usize::MAX),
    );
    let value = partizan::evaluate(&text).map_err(|error| match error {
        FormError::Algebra(engine) => Error::Engine(engine),
        other => Error::Usage(format!(
            "cannot read the expression {}: {other}",
            super::shortened(&text)
        )),
    })?;
    if arguments.format == FormFormat::Svg {
        let Value::Thermograph(form, thermograph) = &value else {
            return Err(Error::Usage(format!(
                "--format svg draws a thermograph: write thermograph(G); {} is {}",
                super::shortened(&text),
                value.kind()
            )));
        };
        out.write_all(
            onag_games::draw::thermograph_svg(&form.to_string(), thermograph).as_bytes(),
        )?;
        return Ok(());
    }
    if arguments.json {
        writeln!(out, "{}", report(&text, &value)?)?;
        return Ok(());
    }
    match &value {
        Value::Form(form) => write_form(out, *form)?,
        Value::Thermograph(form, thermograph) => {
            writeln!(out, "thermograph of {form}")?;
            writeln!(out, "temperature: {}", thermograph.temperature)?;
            writeln!(out, "mean:        {}", thermograph.mast)?;
            writeln!(out, "left wall:   {}", wall_text(&thermograph.left))?;
            writeln!(out, "right wall:  {}", wall_text(&thermograph.right))?;
        }
        Value::Outcome(outcome) => {
            writeln!(out, "{} ({})", outcome.letter(), outcome_words(*outcome))?
        }
        other => writeln!(out, "{other}")?,
    }
    Ok(())
}

pub(crate) fn outcome_words(outcome: PartizanOutcome) -> &'static str {
    match outcome {
        PartizanOutcome::Left => "Left wins, whoever starts",
        PartizanOutcome::Right => "Right wins, whoever starts",
        PartizanOutcome::Next => "the player to move wins",
        PartizanOutcome::Previous => "the player to move loses",
    }
}

fn write_form(out: &mut dyn Write, form: Form) -> Result<(), Error> {
    let thermograph = form.thermograph()?;
    let outcome = form.outcome()?;
    writeln!(out, "form:        {form}")?;
    writeln!(
        out,
        "outcome:     {} ({})",
        outcome.letter(),
        outcome_words(outcome)
    )?;
    writeln!(
        out,
        "number:      {}",
        if form.is_number() { "yes" } else { "no" }
    )?;
    writeln!(out, "birthday:    {}", form.birthday()?)?;
    writeln!(
        out,
        "stops:       left {}, right {}",
        form.left_stop()?,
        form.right_stop()?
    )?;
    writeln!(out, "mean:        {}", thermograph.mast)?;
    writeln!(out, "temperature: {}", thermograph.temperature)?;
    Ok(())
}

/// The wall's corners, `value at t` from t = -1 up, ending with the mast.
fn wall_text(wall: &Trajectory) -> String {
    let points: Vec<String> = wall
        .points()
        .iter()
        .map(|(t, v)| format!("{v} at t = {t}"))
        .collect();
    format!("{}, then vertical", points.join(", "))
}

fn wall_json(wall: &Trajectory) -> Json {
    Json::Array(
        wall.points()
            .iter()
            .map(|(t, v)| json!({"t": t.to_string(), "value": v.to_string()}))
            .collect(),
    )
}

fn form_json(form: Form) -> Result<serde_json::Map<String, Json>, Error> {
    let thermograph: Thermograph = form.thermograph()?;
    let names =
        |forms: Vec<Form>| Json::Array(forms.iter().map(|f| Json::String(f.to_string())).collect());
    let text = |x: &Dyadic| Json::String(x.to_string());
    let mut map = serde_json::Map::new();
    map.insert("form".into(), Json::String(form.to_string()));
    map.insert(
        "outcome".into(),
        Json::String(form.outcome()?.letter().into()),
    );
    map.insert("is_number".into(), Json::Bool(form.is_number()));
    map.insert(
        "birthday".into(),
        Json::String(form.birthday()?.to_string()),
    );
    map.insert("left_stop".into(), text(&form.left_stop()?));
    map.insert("right_stop".into(), text(&form.right_stop()?));
    map.insert("mean".into(), text(&thermograph.mast));
    map.insert("temperature".into(), text(&thermograph.temperature));
    map.insert("left_options".into(), names(form.left_options()?));
    map.insert("right_options".into(), names(form.right_options()?));
    Ok(map)
}

fn report(text: &str, value: &Value) -> Result<Json, Error> {
    let mut map = match value {
        Value::Form(form) => form_json(*form)?,
        Value::Thermograph(form, thermograph) => {
            let mut map = form_json(*form)?;
            map.insert("left_wall".into(), wall_json(&thermograph.left));
            map.insert("right_wall".into(), wall_json(&thermograph.right));
            map
        }
        Value::Bool(b) => [("value".to_string(), Json::Bool(*b))]
            .into_iter()
            .collect(),
        Value::Outcome(o) => [("value".to_string(), Json::String(o.letter().into()))]
            .into_iter()
            .collect(),
        Value::Forms(list) => [(
            "value".to_string(),
            Json::Array(list.iter().map(|f| Json::String(f.to_string())).collect()),
        )]
        .into_iter()
        .collect(),
        other => [("value".to_string(), Json::String(other.to_string()))]
            .into_iter()
            .collect(),
    };
    map.insert("expression".into(), Json::String(text.to_string()));
    Ok(Json::Object(map))
}
