//! `onag sequence`: Grundy values of single heaps and their period.

use std::io::Write;

use crate::progress::Meter;

use std::time::Duration;

use onag_games::{GrundySequence, Period, RareBy, SequenceOptions, SparseReport};
use serde_json::json;

use super::Error;
use crate::cli::SequenceArgs;

pub fn run(arguments: &SequenceArgs, out: &mut dyn Write) -> Result<(), Error> {
    let game = onag_games::open(&arguments.game)?;
    let plot_format = match &arguments.plot {
        None => None,
        Some(path) => match path.extension().and_then(|extension| extension.to_str()) {
            Some("svg") => Some(false),
            Some("png") => Some(true),
            _ => {
                return Err(Error::Usage(format!(
                    "cannot plot to {}: name the file *.svg or *.png",
                    path.display()
                )));
            }
        },
    };
    // A plot holds every value it draws (8 bytes each): checked before anything is computed.
    let budget = arguments.budget.sequence_budget();
    if plot_format.is_some() {
        let count = arguments.to.saturating_add(1);
        if count > budget.positions {
            return Err(Error::Usage(format!(
                "a plot of {count} values exceeds the limit of {} remembered positions; raise --max-positions",
                budget.positions
            )));
        }
        if count.saturating_mul(8) > budget.memory {
            return Err(Error::Usage(format!(
                "a plot of {count} values needs more than the limit of {} bytes of memory; raise --max-memory",
                budget.memory
            )));
        }
    }
    // Every value printed (or summed into the checksum) is read once: a proven period can
    // answer values far past anything worth reading, so reading them counts as options examined.
    // A summary past that reads no value one by one: a proven period gives G(N) and the count
    // of zeros (all but the checksum), checked once the sequence is computed.
    let by_period =
        arguments.summary && !arguments.json && !arguments.misere && plot_format.is_none();
    if arguments.to >= budget.options && !by_period {
        return Err(too_many_to_read(arguments.to, budget.options));
    }
    let meter = Meter::for_terminal();
    let last = arguments.to;
    if arguments.misere {
        return misere(arguments, game.as_ref(), &meter, out);
    }
    let options = SequenceOptions {
        budget,
        threads: arguments.threads.map_or(0, |threads| threads as usize),
        checkpoint: arguments.checkpoint.clone(),
        checkpoint_every: Duration::from_secs_f64(arguments.checkpoint_every),
        side_by_side: None,
    };
    let sequence = game.sequence(last, &options, &mut |heap| {
        meter.show(onag_games::Progress::Sequence { heap, last })
    })?;
    let name = game.to_string();
    if let (Some(path), Some(raster)) = (&arguments.plot, plot_format) {
        let bytes = if raster {
            super::plot::png(&sequence)
                .map_err(|error| Error::Usage(format!("cannot encode the PNG: {error}")))?
        } else {
            onag_games::draw::sequence_svg(&name, &sequence).into_bytes()
        };
        std::fs::write(path, bytes).map_err(|source| Error::File {
            path: path.display().to_string(),
            source,
        })?;
    }
    if arguments.json {
        // Streamed, not collected: a proven period can extend the values far past memory.
        write!(out, "{{\"game\":{},\"values\":[", json!(name))?;
        for (n, value) in sequence.iter().enumerate() {
            if n > 0 {
                write!(out, ",")?;
            }
            write!(out, "{value}")?;
        }
        write!(out, "],\"period\":{}", period_json(sequence.period()))?;
        if let serde_json::Value::Object(report) = report_json(sequence.sparse_report()) {
            for (key, value) in report {
                write!(out, ",{}:{value}", json!(key))?;
            }
        }
        let scaling = sequence.scaling();
        write!(
            out,
            ",\"work\":{},\"critical_path\":{}",
            scaling.work, scaling.critical_path
        )?;
        writeln!(out, "}}")?;
    } else if arguments.summary && arguments.to >= budget.options {
        summary_by_period(&name, &sequence, budget.options, out)?;
    } else if arguments.summary {
        summary(&name, &sequence, out, &meter)?;
    } else {
        writeln!(out, "game: {name}")?;
        let mut line = String::new();
        for (n, value) in sequence.iter().enumerate() {
            let n = n as u64;
            if n % arguments.table == 0 {
                if !line.is_empty() {
                    writeln!(out, "{line}")?;
                }
                line = format!("{n:>8}:");
            }
            line.push_str(&format!(" {value:>3}"));
        }
        writeln!(out, "{line}")?;
        writeln!(out, "period: {}", period_text(sequence.period()))?;
    }
    // The values are printed whatever became of the checkpoint; then its failure, as an error.
    if let Some(failure) = sequence.checkpoint_failure() {
        out.flush()?;
        return Err(Error::Usage(format!(
            "the values above are right, but at the end {failure}"
        )));
    }
    Ok(())
}

/// The refusal of a listing that would read more values than `--max-options` allows.
fn too_many_to_read(to: u64, options: u64) -> Error {
    Error::Usage(format!(
        "listing G(0..={to}) reads more than the limit of {options} options examined; raise --max-options"
    ))
}

/// `--summary` of more heaps than `--max-options` lets be read one by one: what a proven
/// period gives (G(N), the zeros), and the checksum said not to be computed.
fn summary_by_period(
    name: &str,
    sequence: &GrundySequence,
    options: u64,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let last = sequence.last();
    let (Some(value), Some(zeros)) = (sequence.value(last), sequence.zeros_through(last)) else {
        return Err(Error::Usage(format!(
            "{name}: no period was proven within the values computed, and listing G(0..={last}) reads more than the limit of {options} options examined; raise --max-options"
        )));
    };
    writeln!(out, "game:     {name}")?;
    writeln!(out, "period:   {}", period_text(sequence.period()))?;
    writeln!(out, "G({last}) = {value}")?;
    writeln!(out, "zeros:    {zeros} (from the proven period)")?;
    writeln!(
        out,
        "checksum: not computed (it reads each of G(0..={last}), more than the limit of {options} options examined; raise --max-options)"
    )?;
    writeln!(out, "computed: {} values", sequence.computed())?;
    scaling_line(sequence, out)
}

fn period_json(period: Option<Period>) -> serde_json::Value {
    match period {
        None => serde_json::Value::Null,
        Some(period) => json!({
            "preperiod": period.preperiod,
            "period": period.period,
            "saltus": period.saltus,
            "proven": period.proven,
        }),
    }
}

/// The sparse-space report as JSON keys (null values when no heap but 0 was computed).
fn report_json(report: Option<SparseReport>) -> serde_json::Value {
    json!({
        "largest": report.map(|report| report.largest),
        "largest_at": report.map(|report| report.largest_at),
        "rare_mask": report.map(|report| report.rare_mask),
        "rare_by": report.map(|report| report.rare_by.name()),
        "rare_count": report.map(|report| report.rare_count),
        "last_rare": report.and_then(|report| report.last_rare),
    })
}

fn period_text(period: Option<Period>) -> String {
    match period {
        None => "none found".to_string(),
        Some(period) => period.to_string(),
    }
}

/// The FNV-1a prime, and its powers (wrapping), so that the zero high bytes of a small value
/// cost one multiplication together: xor with a zero byte changes nothing, and `(c * p) * p`
/// is `c * p^2` in wrapping arithmetic.
const FNV_PRIME: u64 = 0x0100_0000_01b3;
const FNV_POWERS: [u64; 9] = {
    let mut powers = [1u64; 9];
    let mut index = 1;
    while index < 9 {
        powers[index] = powers[index - 1].wrapping_mul(FNV_PRIME);
        index += 1;
    }
    powers
};

/// FNV-1a 64 of `checksum` continued over the 8 little-endian bytes of `value`.
fn fnv_u64(mut checksum: u64, value: u64) -> u64 {
    let bytes = value.to_le_bytes();
    let significant = 8 - value.leading_zeros() as usize / 8;
    for &byte in &bytes[..significant] {
        checksum = (checksum ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
    }
    checksum.wrapping_mul(FNV_POWERS[8 - significant])
}

/// Reads every value of `sequence` once: the checksum of [`summary`], the number of zeros,
/// and the last value.
pub(super) fn read_through(sequence: &GrundySequence, meter: &Meter) -> (u64, u64, u64) {
    let mut checksum: u64 = 0xcbf2_9ce4_8422_2325;
    let mut zeros: u64 = 0;
    let mut last = 0;
    for (n, value) in (0u64..).zip(sequence.iter()) {
        if n % (1 << 20) == 0 {
            meter.show(onag_games::Progress::Sequence {
                heap: n,
                last: sequence.last(),
            });
        }
        zeros += u64::from(value == 0);
        last = value;
        checksum = fnv_u64(checksum, value);
    }
    (checksum, zeros, last)
}

/// The period report, G(N), the number of zeros and a checksum: FNV-1a (64 bits) over the
/// values G(0..=N), each as 8 little-endian bytes, so two runs can be compared without
/// printing millions of values.
fn summary(
    name: &str,
    sequence: &GrundySequence,
    out: &mut dyn Write,
    meter: &Meter,
) -> Result<(), Error> {
    let (checksum, zeros, last) = read_through(sequence, meter);
    writeln!(out, "game:     {name}")?;
    writeln!(out, "period:   {}", period_text(sequence.period()))?;
    writeln!(out, "G({}) = {last}", sequence.last())?;
    writeln!(out, "zeros:    {zeros}")?;
    writeln!(
        out,
        "checksum: {checksum:016x} (FNV-1a 64 of G(0..={}) as u64 LE)",
        sequence.last()
    )?;
    writeln!(out, "computed: {} values", sequence.computed())?;
    if let Some(report) = sequence.sparse_report() {
        writeln!(
            out,
            "largest:  {} (first at heap {})",
            report.largest, report.largest_at
        )?;
        let last_rare = report
            .last_rare
            .map_or("none".to_string(), |heap| heap.to_string());
        let rule = match report.rare_by {
            RareBy::Value => "a value is common when its bits under the mask are odd in number",
            RareBy::Position { odd_takes: true } => {
                "by position: heap n is common when the bits of G(n) under the mask have the parity of n"
            }
            RareBy::Position { odd_takes: false } => {
                "by position: heap n is common when the bits of G(n) under the mask have the parity of n + 1"
            }
        };
        writeln!(
            out,
            "rare:     {} heaps of 1..={} (mask {:#x}: {rule}), the last at {last_rare}",
            report.rare_count, report.heaps, report.rare_mask
        )?;
    }
    scaling_line(sequence, out)
}

/// The run's model of scaling: its work, the part no other thread could share, and the
/// speed-up on 16 threads that follows at most.
fn scaling_line(sequence: &GrundySequence, out: &mut dyn Write) -> Result<(), Error> {
    let scaling = sequence.scaling();
    if scaling.work == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "work:     {} options examined, {} ({:.1}%) on the critical path: at most {:.1}x on 16 threads",
        scaling.work,
        scaling.critical_path,
        100.0 * scaling.critical_path as f64 / scaling.work as f64,
        scaling.speedup(16)
    )?;
    Ok(())
}

/// `onag sequence --misere`: g⁻, the genus and the tameness of each heap.
fn misere(
    arguments: &SequenceArgs,
    game: &dyn onag_games::Game,
    meter: &Meter,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let Some(ruleset) = game.as_ruleset() else {
        return Err(Error::Usage(format!(
            "{game} is not a heap game: --misere lists the genus of single heaps"
        )));
    };
    let last = arguments.to;
    let genera = onag_games::heap_genera(ruleset, last, arguments.budget.budget(), &mut |heap| {
        meter.show(onag_games::Progress::Genus { heap, last })
    })?;
    if arguments.json {
        let heaps: Vec<serde_json::Value> = genera
            .iter()
            .enumerate()
            .map(|(heap, (genus, tameness))| {
                let gamma: Vec<u64> = (0..=genus.exponent().len())
                    .map(|k| genus.gamma(k))
                    .collect();
                json!({
                    "heap": heap,
                    "misere": genus.misere().value(),
                    "genus": genus.to_string(),
                    "gamma": gamma,
                    "class": tameness.to_string(),
                })
            })
            .collect();
        writeln!(
            out,
            "{}",
            json!({"game": game.to_string(), "play": "misere", "heaps": heaps})
        )?;
        return Ok(());
    }
    writeln!(out, "{game}: misère values and genera of heaps 0 to {last}")?;
    writeln!(out, "{:>6}  {:>4}  {:<14} class", "heap", "g-", "genus")?;
    for (heap, (genus, tameness)) in genera.iter().enumerate() {
        writeln!(
            out,
            "{heap:>6}  {:>4}  {:<14} {tameness}",
            genus.misere().value(),
            genus.to_string()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checksum_of_a_value_is_fnv_1a_over_its_eight_bytes() {
        for value in [0u64, 1, 255, 256, 65_535, 1 << 40, u64::MAX] {
            let mut plain: u64 = 0xcbf2_9ce4_8422_2325;
            for byte in value.to_le_bytes() {
                plain = (plain ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
            assert_eq!(fnv_u64(0xcbf2_9ce4_8422_2325, value), plain, "{value}");
        }
    }
}
