//! TRF16 / TRF-2026 import and export. (to be written)
