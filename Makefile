# hyvekit: the two commands of the README.  Both create .venv when it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install when pyproject.toml changes; compile the bytecode (an editable install has none
# when PYTHONDONTWRITEBYTECODE is set, and every command would pay for compiling).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q hyvekit
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q hyvekit
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

demo: install
	$(BIN)/hyvekit demo

# pytest-xdist spreads the tests over the cores; PYTEST_ARGS="-n 0" runs them in one process.
PYTEST_XDIST ?= -n auto --dist loadfile

test: install-test
	$(BIN)/python -m pytest $(PYTEST_XDIST) $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) output/*.pdf output/demo
