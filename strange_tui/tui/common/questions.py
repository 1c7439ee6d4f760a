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


def points_left(question: Question, share: Sequence[str]) -> str:
    """What is left to divide, as the boxes are filled: '2 left', 'all given', '1 too many'."""
    given = sum(int(n) for n in points_given(share).values() if n.isdigit())
    left = question.count - given
    if left < 0:
        return f"{-left} too many"
    return f"{left} left" if left else "all given"


class CappedTicks(SelectionList[str]):
    """A list that ticks ``cap`` options at most: one more is refused at the key (or the
    click), with its reason, and never shows ticked."""

    def __init__(self, *options: tuple[Text, str, bool], cap: int) -> None:
        super().__init__(*options)
        self.cap = cap

    def action_select(self) -> None:
        highlighted = self.highlighted
        if highlighted is not None and len(self.selected) >= self.cap:
            if self.get_option_at_index(highlighted).value not in self.selected:
                self.notify(f"Choose {self.cap} only: untick one first.", severity="warning")
                return
        super().action_select()


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
    QuestionsForm > .points > Label.left { color: $text-muted; }
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
                yield Label(points_left(question, given), classes="left")
        elif question.options:
            options = ((Text(o), o, o in given) for o in question.options)
            yield self.field(CappedTicks(*options, cap=question.count), index)
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
        for index, question in enumerate(self.questions):
            if question.kind == "points":
                boxes = [w for w, i in self.fields.items() if i == index and w.is_attached]
                if boxes and boxes[0].parent is not None:
                    left = points_left(question, self.answer_of(index))
                    boxes[0].parent.query_one("Label.left", Label).update(left)
        answers = self.answers()
        if answers != self._told:
            self._told = answers
            self.post_message(self.Changed(self, answers))

    @on(Input.Changed)
    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    def changed(self, event: Message) -> None:
        if getattr(event, "control", None) in self.fields:
            self.tell()
