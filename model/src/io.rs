//! Tournament directories (SPEC §12): read, validate, write. (to be written)
