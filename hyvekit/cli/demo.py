"""placeholder"""
def demo() -> None:
    """Run the demo."""
