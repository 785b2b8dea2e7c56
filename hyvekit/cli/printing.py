"""placeholder"""
import typer
app = typer.Typer()
