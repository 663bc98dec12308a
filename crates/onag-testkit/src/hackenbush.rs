//! Green Hackenbush by its definition, for checking the fusion and colon principles: every
//! set of edges still standing is a position, valued by the mex of the positions one cut
//! leaves, nothing but the rule used.

/// The nimber of the picture of `edges` (at most 20) on the vertices they name, vertex 0 the
/// ground: a move cuts an edge still joined to the ground, and the edges no longer joined to
/// it fall away. Every subset of the edges is valued in increasing order (a cut leaves a
/// smaller subset), the mex of its cuts.
pub fn green_hackenbush(edges: &[(u32, u32)]) -> u64 {
    let m = edges.len();
    assert!(m <= 20, "a brute force of at most 20 edges");
    let vertices = edges
        .iter()
        .map(|&(a, b)| a.max(b) as usize + 1)
        .max()
        .unwrap_or(1);
    // The edges of `mask` joined to the ground, by a walk out from vertex 0.
    let grounded = |mask: u32| -> u32 {
        let mut reached = vec![false; vertices];
        reached[0] = true;
        let mut kept = 0u32;
        loop {
            let mut grew = false;
            for (i, &(a, b)) in edges.iter().enumerate() {
                let bit = 1 << i;
                if mask & bit != 0
                    && kept & bit == 0
                    && (reached[a as usize] || reached[b as usize])
                {
                    kept |= bit;
                    reached[a as usize] = true;
                    reached[b as usize] = true;
                    grew = true;
                }
            }
            if !grew {
                return kept;
            }
        }
    };
    let mut value = vec![0u64; 1 << m];
    for mask in 0..(1u32 << m) {
        let standing = grounded(mask);
        let mut seen = 0u64;
        for i in 0..m {
            if standing & (1 << i) != 0 {
                seen |= 1 << value[(standing & !(1 << i)) as usize].min(63);
            }
        }
        value[mask as usize] = u64::from((!seen).trailing_zeros());
    }
    value[grounded((1u32 << m) - 1) as usize]
}
