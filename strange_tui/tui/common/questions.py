"""What an entry asks when taken, as one form: skills to pick (a list to tick when the
entry names them, a text box a skill when any will do), points to divide (a number box a
pool), or one option to pick. Creation's descriptor-and-focus step and the advancement
dialog both ask with it; the model says what is still wrong with the answers.

Answers are the model's: ``{question.key: ("persuasion", "intimidation")}``, points as
``"might=2"``, a pick as its one option; two questions of one entry join in their order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select, SelectionList

from strange_tui.campaign.model.traits import Question

Answers = dict[str, tuple[str, ...]]


def split_answers(questions: Sequence[Question], answers: Mapping[str, Sequence[str]]) -> list[
    tuple[str, ...]
]:  # fmt: skip
    """Each question's own share of ``answers`` (by key): a pick its first word, skills
    the next ``count``, points every 'stat=n'."""
    pending = {key: list(given) for key, given in answers.items()}
    shares = []
    for question in questions:
        left = pending.get(question.key, [])
        words = [a for a in left if "=" not in a]
        if question.kind == "points":
            mine = [a for a in left if "=" in a]
        else:
            mine = words[: 1 if question.kind == "pick" else question.count]
        for answer in mine:
            left.remove(answer)
        shares.append(tuple(mine))
    return shares


def points_given(share: Sequence[str]) -> dict[str, str]:
    """'might=2' as {'might': '2'} (what the number boxes show)."""
    return {stat.strip(): n.strip() for stat, _, n in (a.partition("=") for a in share)}


class QuestionsForm(Vertical):
    """The questions asked, each under its label; ``answers()`` is what the player gave,
    and ``Changed`` says when that changes. ``ask`` puts other questions, keeping the
    answers that still fit."""

    DEFAULT_CSS = """
    QuestionsForm { height: auto; }
    QuestionsForm > Label { margin-top: 1; text-style: bold; width: 100%; }
    QuestionsForm > SelectionList { height: auto; }
    QuestionsForm > Select { width: 100%; }
    QuestionsForm > Input { width: 100%; }
    QuestionsForm > .points { height: auto; width: 100%; }
    QuestionsForm > .points > Label { width: auto; padding: 0 1 0 0; }
    QuestionsForm > .points > Input { width: 6; margin-right: 2; }
    """

    class Changed(Message):
        """The player's answers changed (``answers``: all of them, by key)."""

        def __init__(self, form: QuestionsForm, answers: Answers) -> None:
            super().__init__()
            self.form = form
            self.answers = answers

        @property
        def control(self) -> QuestionsForm:
            return self.form

    def __init__(
        self,
        questions: Sequence[Question] = (),
        answers: Mapping[str, Sequence[str]] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.questions: tuple[Question, ...] = tuple(questions)
        """What the form asks, in order."""
        self.given = split_answers(self.questions, answers or {})
        """Each question's answer as the form was built (the fields hold it since)."""
        self.fields: dict[Widget, int] = {}
        """Each field, and the question (by index) it answers."""
        self.display = bool(self.questions)
        self._told = self.answers()

    def compose(self) -> ComposeResult:
        self.fields = {}
        for index, question in enumerate(self.questions):
            yield Label(question.label, markup=False)
            yield from self.fields_for(index, question)

    def fields_for(self, index: int, question: Question) -> ComposeResult:
        given = self.given[index]
        if question.kind == "pick":
            value = given[0] if given and given[0] in question.options else Select.NULL
            field: Widget = Select(
                [(option.capitalize(), option) for option in question.options],
                value=value,
                prompt="choose one",
                compact=True,
            )
            yield self.field(field, index)
        elif question.kind == "points":
            shares = points_given(given)
            with Horizontal(classes="points"):
                for stat in question.stats:
                    yield Label(stat.title())
                    box = Input(shares.get(stat, ""), placeholder="0", restrict=r"[0-9]*",
                                max_length=2, compact=True, name=stat)  # fmt: skip
                    yield self.field(box, index)
        elif question.options:
            ticks = SelectionList[str](*((Text(o), o, o in given) for o in question.options))
            yield self.field(ticks, index)
        else:
            for number in range(question.count):
                text = given[number] if number < len(given) else ""
                yield self.field(Input(text, placeholder="a skill", compact=True), index)

    def field(self, widget: Widget, index: int) -> Widget:
        widget.add_class("answer")
        self.fields[widget] = index
        return widget

    def answer_of(self, index: int) -> tuple[str, ...]:
        """Question ``index``'s answer as its fields hold it now."""
        question = self.questions[index]
        fields = [w for w, i in self.fields.items() if i == index and w.is_attached]
        if not fields:
            return self.given[index]
        boxes = [field for field in fields if isinstance(field, Input)]
        match fields[0]:
            case Select(value=str(value)):
                return (value,)
            case SelectionList(selected=selected):
                return tuple(option for option in question.options if option in selected)
            case Input() if question.kind == "points":
                return tuple(f"{box.name}={box.value}" for box in boxes if box.value.strip("0"))
            case Input():
                return tuple(text for box in boxes if (text := box.value.strip()))
        return ()

    def answers(self) -> Answers:
        """Every answer, by the key of the entry that asks (questions of one key joined)."""
        joined: Answers = {}
        for index, question in enumerate(self.questions):
            joined[question.key] = joined.get(question.key, ()) + self.answer_of(index)
        return joined

    async def ask(self, questions: Sequence[Question]) -> None:
        """Put ``questions`` instead (nothing changes when they are the same)."""
        if tuple(questions) == self.questions:
            return
        kept = self.answers()
        self.fields = {}
        self.questions = tuple(questions)
        self.given = split_answers(self.questions, kept)
        self.display = bool(self.questions)
        await self.recompose()
        self.tell()

    def tell(self) -> None:
        answers = self.answers()
        if answers != self._told:
            self._told = answers
            self.post_message(self.Changed(self, answers))

    @on(SelectionList.SelectionToggled)
    def keep_to_count(self, event: SelectionList.SelectionToggled) -> None:
        """A list ticks ``count`` skills at most: one more is unticked, and said so."""
        index = self.fields.get(event.selection_list)
        if index is None:
            return
        count = self.questions[index].count
        if len(event.selection_list.selected) > count:
            event.selection_list.deselect(event.selection)
            self.notify(f"Choose {count} only: untick one first.", severity="warning")

    @on(Input.Changed)
    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    def changed(self, event: Message) -> None:
        if getattr(event, "control", None) in self.fields:
            self.tell()
