/* chess-game-chooser.c — picking one game out of a file with several. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-game-chooser.h"

/* One row: a game of the file, with its texts ready to show and search. */
#define CHESS_TYPE_GAME_CHOOSER_ITEM (chess_game_chooser_item_get_type ())
G_DECLARE_FINAL_TYPE (ChessGameChooserItem, chess_game_chooser_item, CHESS, GAME_CHOOSER_ITEM, GObject)

enum
{
  FIELD_PLAYERS,
  FIELD_RESULT,
  FIELD_DATE,
  FIELD_EVENT,
  FIELD_SITE,
  FIELD_ROUND,
  N_FIELDS
};

struct _ChessGameChooserItem
{
  GObject parent_instance;

  guint   index;             /* in the entries array */
  char   *fields[N_FIELDS];
  char   *folded;            /* all fields, folded for the search */
};

G_DEFINE_FINAL_TYPE (ChessGameChooserItem, chess_game_chooser_item, G_TYPE_OBJECT)

static void
chess_game_chooser_item_finalize (GObject *object)
{
  ChessGameChooserItem *self = CHESS_GAME_CHOOSER_ITEM (object);

  for (guint i = 0; i < N_FIELDS; i++)
    g_free (self->fields[i]);
  g_free (self->folded);

  G_OBJECT_CLASS (chess_game_chooser_item_parent_class)->finalize (object);
}

static void
chess_game_chooser_item_class_init (ChessGameChooserItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chess_game_chooser_item_finalize;
}

static void
chess_game_chooser_item_init (ChessGameChooserItem *self)
{
}

/* Letters that Unicode does not decompose into a base letter and an
 * accent, but that a reader types as the plain letter. */
static const char *
plain_letter (gunichar c)
{
  switch (c)
    {
    case 0x00F8: return "o";   /* ø */
    case 0x0111: return "d";   /* đ */
    case 0x00F0: return "d";   /* ð */
    case 0x0142: return "l";   /* ł */
    case 0x0131: return "i";   /* dotless ı */
    case 0x00E6: return "ae";  /* æ */
    case 0x0153: return "oe";  /* œ */
    case 0x00FE: return "th";  /* þ */
    default: return NULL;
    }
}

/* The text as the search compares it: case-folded, without accents
 * ("Kaválek" and "KAVALEK" both become "kavalek"; "Großmeister" becomes
 * "grossmeister"), so a search typed without them still finds names that
 * have them. */
static char *
fold_for_search (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_autofree char *split = g_utf8_normalize (folded, -1, G_NORMALIZE_ALL);
  GString *plain = g_string_sized_new (strlen (text));

  if (split == NULL)   /* not UTF-8: compare it as it is */
    split = g_strdup (folded);
  for (const char *p = split; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_ismark (c))
        continue;
      if (plain_letter (c) != NULL)
        g_string_append (plain, plain_letter (c));
      else
        g_string_append_unichar (plain, c);
    }
  return g_string_free (plain, FALSE);
}

/* PGN writes unknown values as "?" (and dates as "????.??.??"): show those
 * as nothing, and a partly known date without its question marks. */
static char *
tag_for_display (const char *value)
{
  g_autofree char *text = g_strdup (value != NULL ? value : "");

  if (strspn (text, "?.-") == strlen (text))
    return g_strdup ("");
  if (strstr (text, ".??") != NULL)
    *strstr (text, ".??") = '\0';
  return g_steal_pointer (&text);
}

/* A result as players write it: "½–½", "1–0", "0–1". */
static char *
result_for_display (const char *value)
{
  if (g_strcmp0 (value, "1/2-1/2") == 0)
    return g_strdup ("½–½");
  if (g_strcmp0 (value, "1-0") == 0)
    return g_strdup ("1–0");
  if (g_strcmp0 (value, "0-1") == 0)
    return g_strdup ("0–1");
  /* "*" is a game still going on: nothing to show in the list. */
  if (g_strcmp0 (value, "*") == 0)
    return g_strdup ("");
  return tag_for_display (value);
}

static ChessGameChooserItem *
chess_game_chooser_item_new (guint                     index,
                             const ChessPgnIndexEntry *entry)
{
  ChessGameChooserItem *self = g_object_new (CHESS_TYPE_GAME_CHOOSER_ITEM, NULL);
  g_autofree char *white = tag_for_display (entry->white);
  g_autofree char *black = tag_for_display (entry->black);
  g_autofree char *raw_result = g_strcmp0 (entry->result, "*") == 0
                                ? g_strdup ("") : tag_for_display (entry->result);
  g_autofree char *all = NULL;

  self->index = index;
  /* Translators: the players of a game, "White – Black". */
  self->fields[FIELD_PLAYERS] = g_strdup_printf (_("%s – %s"),
                                                 *white ? white : _("White"),
                                                 *black ? black : _("Black"));
  self->fields[FIELD_RESULT] = result_for_display (entry->result);
  self->fields[FIELD_DATE] = tag_for_display (entry->date);
  self->fields[FIELD_EVENT] = tag_for_display (entry->event);
  self->fields[FIELD_SITE] = tag_for_display (entry->site);
  self->fields[FIELD_ROUND] = tag_for_display (entry->round);

  /* The result is searchable as shown and as the file writes it ("1/2"). */
  all = g_strjoin ("\n", self->fields[FIELD_PLAYERS], self->fields[FIELD_RESULT],
                   raw_result, self->fields[FIELD_DATE], self->fields[FIELD_EVENT],
                   self->fields[FIELD_SITE], self->fields[FIELD_ROUND], NULL);
  self->folded = fold_for_search (all);
  return self;
}

struct _ChessGameChooser
{
  GtkWindow parent_instance;

  /* Template widgets */
  GtkLabel          *summary_label;
  GtkSearchEntry    *search_entry;
  GtkStack          *results_stack;
  GtkColumnView     *column_view;
  GtkWidget         *open_button;

  /* Owned */
  GPtrArray         *entries;
  GtkCustomFilter   *filter;
  GtkSingleSelection *selection;
  char             **search_words; /* folded; NULL when the search is empty */
};

G_DEFINE_FINAL_TYPE (ChessGameChooser, chess_game_chooser, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
item_matches (gpointer item,
              gpointer user_data)
{
  ChessGameChooser *self = user_data;
  ChessGameChooserItem *row = item;

  /* Every word typed must be found, each anywhere: "Topalov 1999". */
  for (guint i = 0; self->search_words != NULL && self->search_words[i] != NULL; i++)
    if (strstr (row->folded, self->search_words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
search_changed_cb (ChessGameChooser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *folded = fold_for_search (text);
  g_auto(GStrv) words = g_strsplit_set (g_strstrip (folded), " \t\n", -1);
  GPtrArray *kept = g_ptr_array_new ();
  gboolean empty;

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (kept, g_strdup (words[i]));
  g_clear_pointer (&self->search_words, g_strfreev);
  if (kept->len > 0)
    {
      g_ptr_array_add (kept, NULL);
      self->search_words = (char **) g_ptr_array_free (kept, FALSE);
    }
  else
    g_ptr_array_free (kept, TRUE);

  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  empty = g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0;
  gtk_stack_set_visible_child_name (self->results_stack, empty ? "empty" : "games");
  /* Keep a row selected, so Enter in the search opens the best match. */
  if (gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION
      && g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    gtk_single_selection_set_selected (self->selection, 0);
}

gboolean
chess_game_chooser_choose (ChessGameChooser *self,
                           guint             position)
{
  g_autoptr(ChessGameChooserItem) item = NULL;

  g_return_val_if_fail (CHESS_IS_GAME_CHOOSER (self), FALSE);

  item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (item == NULL)
    return FALSE;

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, item->index);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
  return TRUE;
}

static void
open_clicked_cb (ChessGameChooser *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    chess_game_chooser_choose (self, position);
}

static void
row_activated_cb (ChessGameChooser *self,
                  guint             position)
{
  chess_game_chooser_choose (self, position);
}

static void
selection_changed_cb (ChessGameChooser *self)
{
  gtk_widget_set_sensitive (self->open_button,
                            gtk_single_selection_get_selected (self->selection)
                            != GTK_INVALID_LIST_POSITION);
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  ChessGameChooserItem *item = gtk_list_item_get_item (list_item);
  guint field = GPOINTER_TO_UINT (user_data);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)),
                      item->fields[field]);
}

static void
add_column (ChessGameChooser *self,
            const char       *title,
            guint             field,
            gboolean          expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (field));
  column = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
}

static void
chess_game_chooser_dispose (GObject *object)
{
  ChessGameChooser *self = CHESS_GAME_CHOOSER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHESS_TYPE_GAME_CHOOSER);
  g_clear_object (&self->selection);
  g_clear_object (&self->filter);
  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (chess_game_chooser_parent_class)->dispose (object);
}

static void
chess_game_chooser_finalize (GObject *object)
{
  ChessGameChooser *self = CHESS_GAME_CHOOSER (object);

  g_strfreev (self->search_words);

  G_OBJECT_CLASS (chess_game_chooser_parent_class)->finalize (object);
}

static void
chess_game_chooser_class_init (ChessGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_game_chooser_dispose;
  object_class->finalize = chess_game_chooser_finalize;

  /**
   * ChessGameChooser::game-chosen:
   * @index: the game's index in the entries given to the chooser
   */
  signals[SIGNAL_GAME_CHOSEN] =
    g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/chess-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessGameChooser, summary_label);
  gtk_widget_class_bind_template_child (widget_class, ChessGameChooser, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ChessGameChooser, results_stack);
  gtk_widget_class_bind_template_child (widget_class, ChessGameChooser, column_view);
  gtk_widget_class_bind_template_child (widget_class, ChessGameChooser, open_button);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chess_game_chooser_init (ChessGameChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  chess_a11y_name_mnemonic_buttons (GTK_WIDGET (self));

  add_column (self, _("Players"), FIELD_PLAYERS, TRUE);
  add_column (self, _("Result"), FIELD_RESULT, FALSE);
  add_column (self, _("Date"), FIELD_DATE, FALSE);
  add_column (self, _("Event"), FIELD_EVENT, TRUE);
  add_column (self, _("Site"), FIELD_SITE, TRUE);
  /* Translators: the round of a tournament game, a column title. */
  add_column (self, C_("tournament", "Round"), FIELD_ROUND, FALSE);
}

void
chess_game_chooser_set_search (ChessGameChooser *self,
                               const char       *text)
{
  g_return_if_fail (CHESS_IS_GAME_CHOOSER (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* The entry reports changes after a pause; apply this one now. */
  search_changed_cb (self);
}

gboolean
chess_game_chooser_get_showing_no_games (ChessGameChooser *self)
{
  g_return_val_if_fail (CHESS_IS_GAME_CHOOSER (self), FALSE);

  return g_strcmp0 (gtk_stack_get_visible_child_name (self->results_stack), "empty") == 0;
}

guint
chess_game_chooser_get_game_at (ChessGameChooser *self,
                                guint             position)
{
  g_autoptr(ChessGameChooserItem) item = NULL;

  g_return_val_if_fail (CHESS_IS_GAME_CHOOSER (self), G_MAXUINT);

  item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  return item != NULL ? item->index : G_MAXUINT;
}

guint
chess_game_chooser_get_n_shown (ChessGameChooser *self)
{
  g_return_val_if_fail (CHESS_IS_GAME_CHOOSER (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->selection));
}

ChessGameChooser *
chess_game_chooser_new (GtkWindow  *parent,
                        const char *file_name,
                        GPtrArray  *entries)
{
  ChessGameChooser *self;
  GListStore *store;
  GtkFilterListModel *filtered;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (entries != NULL, NULL);

  self = g_object_new (CHESS_TYPE_GAME_CHOOSER,
                       "transient-for", parent,
                       NULL);
  self->entries = g_ptr_array_ref (entries);

  store = g_list_store_new (CHESS_TYPE_GAME_CHOOSER_ITEM);
  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(ChessGameChooserItem) item =
        chess_game_chooser_item_new (i, g_ptr_array_index (entries, i));
      g_list_store_append (store, item);
    }

  self->filter = gtk_custom_filter_new (item_matches, self, NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (store),
                                        GTK_FILTER (g_object_ref (self->filter)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (filtered));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected",
                            G_CALLBACK (selection_changed_cb), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  selection_changed_cb (self);

  summary = g_strdup_printf (ngettext ("“%s” holds %u game. Choose the one to open.",
                                       "“%s” holds %u games. Choose the one to open.",
                                       entries->len),
                             file_name != NULL ? file_name : "", entries->len);
  gtk_label_set_text (self->summary_label, summary);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return self;
}
