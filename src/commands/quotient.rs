//! `onag quotient`: the misère quotient of a heap game, as the library computes it.

use std::io::Write;

use serde_json::json;

use super::Error;
use crate::cli::QuotientArgs;
use crate::progress::Meter;

pub fn run(arguments: &QuotientArgs, out: &mut dyn Write) -> Result<(), Error> {
    let game = onag_games::open(&arguments.game)?;
    let Some(ruleset) = game.as_ruleset() else {
        return Err(Error::Usage(format!(
            "{game} is not a heap game: misère quotients are computed for heap games"
        )));
    };
    let last = arguments.to;
    let meter = Meter::for_terminal();
    let checkpoint = arguments
        .checkpoint
        .as_ref()
        .map(|path| onag_games::QuotientCheckpoint {
            path: path.clone(),
            game: game.to_string(),
            every: std::time::Duration::from_secs_f64(arguments.checkpoint_every),
        });
    let budget = arguments.budget.budget();
    // Adding one heap may take a while (a heap that splits classes): the line keeps the time
    // going meanwhile.
    let result =
        ruleset.misere_quotient_checkpointed(last, budget, checkpoint.as_ref(), &mut |heap| {
            meter.show(onag_games::Progress::Quotient { heap, last })
        })?;
    let q = &result.quotient;
    let presentation = q.presentation();
    let p_portion = result.p_portion_words();
    let generators = result.generators();
    let relations = result.relations();
    // Φ written for the heaps computed, up to the end of the first period when there is one.
    let phi = result.phi_words();
    let certified = result.certified();
    if arguments.json {
        let report = json!({
            "game": game.to_string(),
            "order": q.order(),
            "p_portion": p_portion,
            "generators": generators
                .iter()
                .map(|(name, heap)| json!({"name": name, "heap": heap}))
                .collect::<Vec<_>>(),
            "relations": relations,
            "phi": phi,
            "preperiod": result.period.map(|period| period.preperiod),
            "period": result.period.map(|period| period.period),
            "certified": certified,
            "heap_reached": q.heap_reached(),
            "stopped": result.stopped,
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    let status = if certified {
        "certified for every heap (the pretending function is proven periodic)".to_string()
    } else {
        format!("partial: the quotient of heaps 0 to {}", q.heap_reached())
    };
    writeln!(out, "game:         {game}")?;
    writeln!(out, "quotient:     {presentation}")?;
    writeln!(out, "order:        {}", q.order())?;
    writeln!(out, "P-portion:    {{{}}}", p_portion.join(", "))?;
    let named: Vec<String> = generators
        .iter()
        .map(|(name, heap)| format!("{name} = heap {heap}"))
        .collect();
    writeln!(out, "generators:   {}", named.join(", "))?;
    match result.period {
        Some(period) => writeln!(
            out,
            "period:       Φ(n + {}) = Φ(n) from heap {}{}",
            period.period,
            period.preperiod,
            if period.proven {
                " (proven)"
            } else {
                " (observed)"
            }
        )?,
        None => writeln!(out, "period:       none found")?,
    }
    writeln!(out, "status:       {status}")?;
    if let Some(reason) = &result.stopped {
        writeln!(out, "stopped:      {reason}")?;
    }
    writeln!(out, "Φ(0..={}):", phi.len().saturating_sub(1))?;
    for (row, chunk) in phi.chunks(12).enumerate() {
        writeln!(out, "  {:>6}: {}", row * 12, chunk.join(" "))?;
    }
    Ok(())
}
