"""Types of urlsyntax.duckdb."""
from typing import Any, List, Optional, TypeVar

Connection = TypeVar("Connection")

FUNCTIONS: List[str]

def register(con: Connection, *, profile: Optional[str] = ..., prefix: str = ...) -> Connection: ...
