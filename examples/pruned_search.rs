//! The pruned search of one position ([`NimberSearch`]) and the exhaustive solver, timed side
//! by side: Cram boards (`5x6`, with `ONAG_COMPARE=1` for the solver too), square Chomp bars
//! (`chomp8`) and Node Kayles on grids (`grid5x6`), on one and two threads (`ONAG_THREADS=1` for one
//! alone):
//! `cargo run --release --example pruned_search -- 4x7 chomp8 grid5x6`.

use std::time::Instant;

use onag_core::{NimberSearch, Solver};
use onag_games::{Board, Chomp, Cram, NodeKayles, SimpleGraph};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let boards = if arguments.is_empty() {
        vec!["4x7".to_string()]
    } else {
        arguments
    };
    for text in boards {
        if let Some(grid) = text.strip_prefix("grid") {
            let (r, c) = grid.split_once('x').ok_or("gridRxC")?;
            let graph = SimpleGraph::grid(r.parse()?, c.parse()?);
            let threads: usize =
                std::env::var("ONAG_THREADS").map_or(Ok(1), |count| count.parse())?;
            let began = Instant::now();
            let mut search = NimberSearch::new(NodeKayles).with_threads(threads);
            let value = search.nimber(&graph)?;
            println!(
                "node kayles {text}: {value} by search on {threads} thread(s) in {:.2} s ({} questions)",
                began.elapsed().as_secs_f64(),
                search.stats().questions
            );
            if std::env::var_os("ONAG_THREADS").is_some() {
                continue;
            }
            let began = Instant::now();
            let value = Solver::new(NodeKayles).grundy(&graph)?;
            println!(
                "node kayles {text}: {value} by the solver in {:.2} s",
                began.elapsed().as_secs_f64()
            );
            continue;
        }
        if let Some(square) = text.strip_prefix("chomp") {
            let n: u32 = square.parse()?;
            let rows = vec![n; n as usize];
            let began = Instant::now();
            let value = NimberSearch::new(Chomp::default()).nimber(&rows)?;
            println!(
                "chomp {n}x{n}: {value} by search in {:.2} s",
                began.elapsed().as_secs_f64()
            );
            let began = Instant::now();
            let value = Solver::new(Chomp::default()).grundy(&rows)?;
            println!(
                "chomp {n}x{n}: {value} by the solver in {:.2} s",
                began.elapsed().as_secs_f64()
            );
            continue;
        }
        let (rows, columns) = text.split_once('x').ok_or("write RxC")?;
        let board = Board::rectangle(rows.parse()?, columns.parse()?)?;
        // ONAG_THREADS=1 (or 2) times one thread count alone.
        let counts: Vec<usize> = match std::env::var("ONAG_THREADS") {
            Ok(count) => vec![count.parse()?],
            Err(_) => vec![1, 2],
        };
        for threads in counts {
            let began = Instant::now();
            let mut search = NimberSearch::new(Cram).with_threads(threads);
            let value = search.nimber(&board)?;
            let stats = search.stats();
            println!(
                "{text}: nimber {value} by search on {threads} thread(s) in {:.2} s ({} questions, {} options, {} table hits, {} entries)",
                began.elapsed().as_secs_f64(),
                stats.questions,
                stats.options,
                stats.table_hits,
                stats.table_entries
            );
        }
        let began = Instant::now();
        let mut outcome = NimberSearch::new(Cram);
        let p = outcome.is_p_position(&board)?;
        println!(
            "{text}: {} by the outcome search alone in {:.2} s ({} questions)",
            if p { "P" } else { "N" },
            began.elapsed().as_secs_f64(),
            outcome.stats().questions
        );
        if std::env::var_os("ONAG_COMPARE").is_some() {
            let began = Instant::now();
            let mut solver = Solver::new(Cram);
            let value = solver.grundy(&board)?;
            println!(
                "{text}: nimber {value} by the solver in {:.2} s ({} positions)",
                began.elapsed().as_secs_f64(),
                solver.positions_evaluated()
            );
        }
    }
    Ok(())
}
