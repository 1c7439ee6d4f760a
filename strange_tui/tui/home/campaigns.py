"""The campaign list: open one, or start a new one in the saves directory (with a GM, or
solo: the app sits in the GM's chair)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import RuleViolation
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import read_journal
from strange_tui.storage.snapshot import read_snapshot
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar


def campaign_folders(saves: Path) -> list[Path]:
    """The folders of the saves directory that hold a campaign (or seem to, when a folder
    cannot be read: it is listed, and says why when opened)."""
    try:
        entries = sorted(saves.iterdir()) if saves.is_dir() else []
    except OSError:
        return []
    # A hidden folder is a campaign still being made (or one a crash left half made).
    return [path for path in entries if not path.name.startswith(".") and _holds_campaign(path)]


def _holds_campaign(path: Path) -> bool:
    try:
        return (path / "campaign.toml").is_file()
    except OSError:
        return path.is_dir()  # Unreadable: list it; opening it says why.


def current_state(path: Path) -> Campaign:
    """The campaign as it is now: its snapshot with the journal's events folded in (what
    opening it would show), read without taking its lock or changing a file. A torn last
    entry is left out, as opening would set it aside. The journal is short (each close
    seals it into history), so this stays cheap for a long campaign."""
    folder = CampaignFolder(path)
    state, _ = read_snapshot(folder.campaign_file)
    for event in read_journal(folder.journal_file).events:
        if event.seq > state.seq:
            state = reduce(state, event)
    return state


def describe(path: Path) -> Text:
    """'The Glass Door  demo/ · 3 characters · Day 6, 18:00 · 412 events', or why it
    cannot be read."""
    try:
        state = current_state(path)
    except CampaignFileError as error:
        return Text.assemble((path.name, "bold"), ("  cannot be read: ", "red"), error.message)
    except (RuleViolation, OSError) as error:
        return Text.assemble((path.name, "bold"), ("  cannot be read: ", "red"), str(error))
    game = "  [Hunters]" if state.ruleset == "hunters" else ""
    people = len(state.hunters) if state.ruleset == "hunters" else len(state.characters)
    who = "hunter" if state.ruleset == "hunters" else "character"
    return Text.assemble(
        (state.name, "bold"),
        (game, "magenta"),
        (
            f"  {path.name}/ · {people} {who}{'' if people == 1 else 's'}"
            f" · {state.clock.label()} · {state.seq} event{'' if state.seq == 1 else 's'}",
            "dim",
        ),
    )


FIRST_RUN = (
    "No campaigns here yet.\n\n"
    "To look around first, press d: it opens the demo, a party of three in the middle of"
    " an adventure (from the shell: strange-tui demo).\n\n"
    "To start your own: press n, type a name, enter (h: a Hunters campaign; shift+tab,"
    " space: solo, with no GM). On its Home, n creates a character; ? lists every key."
)


class CampaignsScreen(Screen):
    """Every campaign in the saves directory."""

    DEFAULT_CSS = """
    CampaignsScreen #box { height: 1fr; }
    CampaignsScreen #list { height: 1fr; }
    CampaignsScreen #solo {
        margin-top: 1; border: none; padding: 0; height: 1; background: transparent;
    }
    """
    BINDINGS = [
        Binding("n", "new('strange')", "New campaign", id="campaigns.new"),
        Binding("h", "new('hunters')", "New Hunters campaign", id="campaigns.hunters"),
        Binding(
            "d",
            "demo",
            "Demo",
            tooltip="Open the demo campaign (made here if missing)",
            id="campaigns.demo",
        ),
        Binding(
            "b",
            "backup",
            "Back up",
            tooltip="The highlighted campaign into one .zip file",
            id="campaigns.backup",
        ),
        Binding(
            "i",
            "import_backup",
            "Import",
            tooltip="A backup (.zip) as a new campaign",
            id="campaigns.import",
        ),
        Binding("escape", "back", "Back", id="campaigns.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="box", classes="panel") as box:
            box.border_title = "Campaigns"
            yield Static(Text(f"In {self.app.saves}", style="dim"))
            yield OptionList(id="list")
            yield Checkbox("Solo (no GM): the app answers, intrudes and runs the NPCs", id="solo")
            yield Input(placeholder="Name of a new campaign, then enter", id="new")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one("#list", OptionList).focus()

    def refresh_list(self, highlight: Path | None = None) -> None:
        """List the campaigns again, ``highlight``'s highlighted (else the first)."""
        options = self.query_one("#list", OptionList)
        options.clear_options()
        folders = campaign_folders(self.app.saves)
        options.add_options(Option(describe(path), id=str(path)) for path in folders)
        if folders:
            options.highlighted = folders.index(highlight) if highlight in folders else 0
        else:
            options.add_option(Option(Text(FIRST_RUN), disabled=True))

    @on(OptionList.OptionSelected, "#list")
    def open_selected(self, selected: OptionList.OptionSelected) -> None:
        if selected.option.id:
            self.app.open_campaign(Path(selected.option.id))

    def action_new(self, ruleset: str = "strange") -> None:
        self.ruleset = ruleset
        field = self.query_one("#new", Input)
        game = "The Hunters (2d6)" if ruleset == "hunters" else "The Strange"
        field.placeholder = f"Name of a new campaign ({game}), then enter"
        field.focus()

    def action_demo(self) -> None:
        """Open the demo: the saves directory's ``demo``, made first when it is not there
        (as ``strange-tui demo`` does)."""
        path = self.app.saves / "demo"
        if not path.exists():
            from strange_tui.demo.build import build_demo

            try:
                build_demo(self.app.saves)
            except (CampaignFileError, OSError) as error:
                self.notify(str(error), title="Cannot make the demo", severity="error")
                return
        self.app.open_campaign(path)

    def highlighted_campaign(self) -> Path | None:
        options = self.query_one("#list", OptionList)
        if options.highlighted is None:
            return None
        option = options.get_option_at_index(options.highlighted)
        return Path(option.id) if option.id else None

    def action_backup(self) -> None:
        """Back the highlighted campaign up into a .zip (a dialog asks where)."""
        # Imported here: the list's start need not load zipfile and hashlib.
        from strange_tui.tui.home.backup_dialogs import BackupDialog, default_backup_path

        campaign = self.highlighted_campaign()
        if campaign is None:
            self.notify("No campaign to back up: highlight one first.", severity="warning")
            return

        def done(line: str | None) -> None:
            if line:
                self.notify(line, title="Backed up")

        self.app.push_screen(BackupDialog(campaign, default_backup_path(campaign)), done)

    def action_import_backup(self) -> None:
        """Import a backup as a new campaign; the list then shows it highlighted."""
        from strange_tui.tui.home.backup_dialogs import ImportDialog

        def done(made: tuple[Path, str] | None) -> None:
            if made:
                self.refresh_list(highlight=made[0])
                self.query_one("#list", OptionList).focus()
                self.notify(made[1], title="Imported")

        self.app.push_screen(ImportDialog(self.app.saves), done)

    def action_back(self) -> None:
        if strange_app(self).session is not None:
            self.app.pop_screen()

    @on(Input.Submitted, "#new")
    def create(self, submitted: Input.Submitted) -> None:
        name = submitted.value.strip()
        if not name:
            self.notify("Type a name for the campaign first.", severity="warning")
            return
        try:
            ruleset = getattr(self, "ruleset", "strange")
            folder = CampaignFolder.create(self.app.saves, name, ruleset=ruleset)
        except (CampaignFileError, OSError) as error:
            self.notify(str(error), title="Cannot create the campaign", severity="error")
            return
        submitted.input.value = ""
        if self.query_one("#solo", Checkbox).value and not self.make_solo(folder):
            return
        self.app.open_campaign(folder.path)

    def make_solo(self, folder: CampaignFolder) -> bool:
        """The new campaign's first change: solo play (no GM); False when it failed (the
        campaign stays, with a GM, and the player is told)."""
        try:
            store = folder.open()
            store.apply(decide(store.state, ChangeSettings(solo=True)))
            store.compact()
        except (CampaignFileError, RuleViolation, OSError) as error:
            self.notify(str(error), title="Made with a GM, not solo", severity="error")
            self.refresh_list()
            return False
        return True
