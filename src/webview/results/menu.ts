// A small popup menu (context menu and the Export button). Plain buttons, so it is keyboard and
// screen-reader usable without a framework.

/** One entry of a menu; a null entry is a separator. */
export interface MenuItem {
    /** Text shown. */
    label: string;
    /** Runs when chosen. */
    run: () => void;
}

let open: HTMLElement | null = null;

/** Closes the open menu, if any. */
export function closeMenu(): void {
    open?.remove();
    open = null;
}

/** Shows a menu at client coordinates. */
export function showMenu(x: number, y: number, items: (MenuItem | null)[]): void {
    closeMenu();
    const menu = document.createElement("div");
    menu.className = "menu";
    menu.setAttribute("role", "menu");
    for (const item of items) {
        if (!item) {
            const sep = document.createElement("div");
            sep.className = "menu-sep";
            sep.setAttribute("role", "separator");
            menu.append(sep);
            continue;
        }
        const b = document.createElement("button");
        b.className = "menu-item";
        b.setAttribute("role", "menuitem");
        b.textContent = item.label;
        b.addEventListener("click", () => {
            closeMenu();
            item.run();
        });
        menu.append(b);
    }
    menu.addEventListener("keydown", (e) => {
        const buttons = [...menu.querySelectorAll("button")];
        const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (e.key === "Escape") closeMenu();
        else if (e.key === "ArrowDown") buttons[(i + 1) % buttons.length]?.focus();
        else if (e.key === "ArrowUp") buttons[(i - 1 + buttons.length) % buttons.length]?.focus();
        else return;
        e.preventDefault();
    });
    document.body.append(menu);
    const rect = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(x, window.innerWidth - rect.width - 4))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, window.innerHeight - rect.height - 4))}px`;
    open = menu;
    menu.querySelector("button")?.focus();
}

document.addEventListener("mousedown", (e) => {
    if (open && !open.contains(e.target as Node)) closeMenu();
});
