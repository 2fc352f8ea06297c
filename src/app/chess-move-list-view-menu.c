/* chess-move-list-view-menu.c — the move list's context menu: Edit
 * Comment…, annotation symbols, promoting and deleting variations; opened
 * with the right button, the Menu key or Shift+F10. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-move-list-view-private.h"
#include "chess-nag-text.h"

static void ensure_menu (ChessMoveListView *self);

/* The move at (x, y) in the list: a main-line button, or the link under
 * the pointer in a variation. */
static ChessTreeNode *
node_at (ChessMoveListView *self,
         double             x,
         double             y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  for (GtkWidget *w = picked; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    {
      ChessTreeNode *node = g_object_get_data (G_OBJECT (w), "node");
      if (node != NULL)
        return node;
      if (GTK_IS_LABEL (w))
        {
          const char *uri = gtk_label_get_current_uri (GTK_LABEL (w));
          guint64 index;
          if (uri != NULL && uri[0] == 'n'
              && g_ascii_string_to_unsigned (uri + 1, 10, 0, G_MAXUINT, &index, NULL)
              && index < self->nodes->len)
            return g_ptr_array_index (self->nodes, index);
        }
    }
  return NULL;
}

static void
update_menu_actions (ChessMoveListView *self)
{
  ChessTreeNode *node = self->menu_node;
  gboolean variation = node != NULL && !chess_tree_node_is_main_line (node);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "movelist.promote", variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "movelist.make-main", variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "movelist.delete", variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "movelist.delete-from",
                                 node != NULL && node->parent != NULL);
}

void
chess_move_list_view_popup_menu (ChessMoveListView *self,
                                 ChessTreeNode     *node,
                                 double             x,
                                 double             y)
{
  g_return_if_fail (CHESS_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (node != NULL);

  GdkRectangle at = { (int) x, (int) y, 1, 1 };

  self->menu_node = node;
  update_menu_actions (self);
  ensure_menu (self);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &at);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

/* The move that has the keyboard focus: a main-line button, or the focused
 * link of a variation; else the move viewed. Its place in `bounds`. */
ChessTreeNode *
_chess_move_list_view_focused_node (ChessMoveListView *self,
              graphene_rect_t   *bounds)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (GtkWidget *w = focus; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    {
      ChessTreeNode *node = g_object_get_data (G_OBJECT (w), "node");
      const char *uri = GTK_IS_LABEL (w) ? gtk_label_get_current_uri (GTK_LABEL (w)) : NULL;
      guint64 index;

      if (node == NULL && uri != NULL && uri[0] == 'n'
          && g_ascii_string_to_unsigned (uri + 1, 10, 0, G_MAXUINT, &index, NULL)
          && index < self->nodes->len)
        node = g_ptr_array_index (self->nodes, index);
      if (node != NULL && gtk_widget_compute_bounds (w, GTK_WIDGET (self), bounds))
        return node;
    }
  if (self->current >= 0 && (guint) self->current < self->buttons->len)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, self->current);
      if (gtk_widget_compute_bounds (button, GTK_WIDGET (self), bounds))
        return g_object_get_data (G_OBJECT (button), "node");
    }
  return NULL;
}

/* Menu or Shift+F10: the context menu of the focused move. */
static gboolean
menu_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);
  graphene_rect_t bounds;
  ChessTreeNode *node;

  if (self->game == NULL || (node = _chess_move_list_view_focused_node (self, &bounds)) == NULL)
    return FALSE;
  chess_move_list_view_popup_menu (self, node, bounds.origin.x + 8,
                                   bounds.origin.y + bounds.size.height);
  return TRUE;
}

/* The move menu at (x, y), when a move is there; the gesture is ours then. */
static void
popup_menu_at (ChessMoveListView *self,
               GtkGesture        *gesture,
               double             x,
               double             y)
{
  ChessTreeNode *node = node_at (self, x, y);

  if (node == NULL || self->game == NULL)
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  chess_move_list_view_popup_menu (self, node, x, y);
}

static void
secondary_pressed_cb (GtkGestureClick   *gesture,
                      int                n_press,
                      double             x,
                      double             y,
                      ChessMoveListView *self)
{
  popup_menu_at (self, GTK_GESTURE (gesture), x, y);
}

/* A long press on a touch screen: the same menu. */
static void
long_pressed_cb (GtkGestureLongPress *gesture,
                 double               x,
                 double               y,
                 ChessMoveListView   *self)
{
  popup_menu_at (self, GTK_GESTURE (gesture), x, y);
}

static void
comment_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);

  if (self->menu_node == NULL)
    return;
  _chess_move_list_view_ensure_comment_editor (self);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->comment_editor), NULL);
  {
    GdkRectangle at;
    if (self->menu != NULL && gtk_popover_get_pointing_to (GTK_POPOVER (self->menu), &at))
      gtk_popover_set_pointing_to (GTK_POPOVER (self->comment_editor), &at);
  }
  chess_comment_editor_edit (CHESS_COMMENT_EDITOR (self->comment_editor), self->menu_node->comment);
}

static void
comment_saved_cb (ChessCommentEditor *editor,
                  const char         *text,
                  ChessMoveListView  *self)
{
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && self->menu_node != NULL
      && !chess_game_set_comment (self->game, self->menu_node, text, &error))
    {
      chess_comment_editor_set_message (editor, error->message);
      return;
    }
  gtk_popover_popdown (GTK_POPOVER (editor));
}

static void
nag_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);
  guint32 nag = g_variant_get_uint32 (parameter);

  if (self->game == NULL || self->menu_node == NULL || self->menu_node->parent == NULL)
    return;
  if (nag == 0)
    {
      if (self->menu_node->nags == NULL)
        return;
      while (self->menu_node->nags != NULL)
        chess_game_toggle_nag (self->game, self->menu_node, self->menu_node->nags->data[0]);
      return;
    }
  chess_game_toggle_nag (self->game, self->menu_node, (guint8) nag);
}

static void
promote_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);

  if (self->game != NULL && self->menu_node != NULL)
    chess_game_promote_variation (self->game, self->menu_node,
                                  g_str_equal (action_name, "movelist.make-main"));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);

  if (self->game == NULL || self->menu_node == NULL)
    return;
  if (g_str_equal (action_name, "movelist.delete-from"))
    chess_game_delete_from (self->game, self->menu_node);
  else
    chess_game_delete_variation (self->game, self->menu_node);
}

static GMenuModel *
build_menu (void)
{
  GMenu *menu = g_menu_new ();
  GMenu *edit = g_menu_new ();
  GMenu *nags = g_menu_new ();
  GMenu *lines = g_menu_new ();
  /* Translators: each symbol (!, ⩲ …) comes as %s, since it is shown in
   * ASCII ("+=") where the fonts lack it. */
  static const struct { guint nag; const char *label; } marks[] = {
    { 1, N_("Good Move (%s)") }, { 2, N_("Mistake (%s)") }, { 3, N_("Brilliant Move (%s)") },
    { 4, N_("Blunder (%s)") }, { 5, N_("Interesting Move (%s)") }, { 6, N_("Dubious Move (%s)") },
    { 10, N_("Equal Position (%s)") }, { 14, N_("White Is Slightly Better (%s)") },
    { 15, N_("Black Is Slightly Better (%s)") }, { 16, N_("White Is Better (%s)") },
    { 17, N_("Black Is Better (%s)") }, { 18, N_("White Is Winning (%s)") },
    { 19, N_("Black Is Winning (%s)") }, { 13, N_("Unclear Position (%s)") },
  };

  g_menu_append (edit, _("Edit _Comment…"), "movelist.comment");
  for (gsize i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autofree char *action = g_strdup_printf ("movelist.nag(uint32 %u)", marks[i].nag);
      g_autofree char *label = NULL;

      /* The format is one of the translated labels above. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      label = g_strdup_printf (_(marks[i].label), chess_nag_text_symbol (marks[i].nag));
#pragma GCC diagnostic pop

      g_menu_append (nags, label, action);
    }
  g_menu_append (nags, _("_No Annotation Symbols"), "movelist.nag(uint32 0)");
  g_menu_append_submenu (edit, _("_Annotation Symbol"), G_MENU_MODEL (nags));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  g_menu_append (lines, _("_Promote Variation"), "movelist.promote");
  g_menu_append (lines, _("Make _Main Line"), "movelist.make-main");
  g_menu_append (lines, _("_Delete Variation"), "movelist.delete");
  g_menu_append (lines, _("Delete _From Here"), "movelist.delete-from");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (lines));
  g_object_unref (edit);
  g_object_unref (nags);
  g_object_unref (lines);
  return G_MENU_MODEL (menu);
}

void
_chess_move_list_view_class_init_menu (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "movelist.comment", NULL, comment_action);
  gtk_widget_class_install_action (widget_class, "movelist.nag", "u", nag_action);
  gtk_widget_class_install_action (widget_class, "movelist.promote", NULL, promote_action);
  gtk_widget_class_install_action (widget_class, "movelist.make-main", NULL, promote_action);
  gtk_widget_class_install_action (widget_class, "movelist.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "movelist.delete-from", NULL, delete_action);
}

void
_chess_move_list_view_init_menu (ChessMoveListView *self)
{
  /* Right-click on a move: the context menu. Before the move's own
   * widget sees the press: a variation is a label with links, which
   * would offer its own menu (Open Link, Copy Link Address). */
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  /* A long press on a touch screen; the mouse's is a click held. */
  GtkGesture *hold = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (hold), TRUE);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (hold), GTK_PHASE_CAPTURE);
  g_signal_connect (hold, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (hold));

  /* The same menu from the keyboard, before a focused variation's label
   * offers its own (link) menu for these keys. */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Menu|<Shift>F10"),
                      gtk_callback_action_new (menu_key_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* The menu and the comment editor are made on first use: few games need
 * them, and a window starts faster without their widgets. */
static void
ensure_menu (ChessMoveListView *self)
{
  if (self->menu != NULL)
    return;
  g_autoptr(GMenuModel) model = build_menu ();
  self->menu = gtk_popover_menu_new_from_model (model);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

void
_chess_move_list_view_ensure_comment_editor (ChessMoveListView *self)
{
  if (self->comment_editor != NULL)
    return;
  self->comment_editor = chess_comment_editor_new ();
  g_signal_connect (self->comment_editor, "save", G_CALLBACK (comment_saved_cb), self);
  gtk_widget_set_parent (self->comment_editor, GTK_WIDGET (self));
}
