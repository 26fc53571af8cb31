"""Learn to play: a guided lesson of each game (issue 31). The screen choosing a lesson
and the closing screen are :mod:`.screens`; the lesson over a real table is
:mod:`.table` (its behaviour :mod:`.guide`, its pointer :mod:`.pointing`); the lesson
files and their model are :mod:`tabletop.engine.lesson`."""
