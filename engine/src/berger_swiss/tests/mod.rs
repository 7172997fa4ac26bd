//! Tests of rule pieces that need the modules' internals: Berger schedules and the Swiss
//! order (property tests), and the greedy's counting filter against exact matching.

mod counting_filter;
mod properties;
