"""Paradox Table: the rules core and the table service."""
