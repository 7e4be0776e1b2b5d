import type { Project, SavedProduct } from "@mcf/contracts/accounts";
import { useId, useState } from "react";
import { Link } from "react-router";
import { api, serverDetail } from "../../lib/api.ts";

interface RoomDraft {
  /** Stable while the form is open (rooms have no id until saved). */
  key: number;
  name: string;
  area_sqft: string;
  waste_percent: string;
  product_id: number | null;
  product_name: string | null;
}

let roomKeys = 0;

const newRoom = (): RoomDraft => ({
  key: ++roomKeys,
  name: "",
  area_sqft: "",
  waste_percent: "10",
  product_id: null,
  product_name: null,
});

function draftOf(project: Project | null): { name: string; rooms: RoomDraft[] } {
  if (!project) return { name: "", rooms: [newRoom()] };
  return {
    name: project.name,
    rooms: project.rooms.map((room) => ({
      key: ++roomKeys,
      name: room.name,
      area_sqft: String(room.area_sqft),
      waste_percent: String(room.waste_percent),
      product_id: room.product_id,
      product_name: room.product_name,
    })),
  };
}

/** One project's form: its name and rooms (area and waste factor), new or re-opened. */
function ProjectForm({
  project,
  saved,
  onSaved,
  onCancel,
}: {
  project: Project | null;
  /** The account's saved floors: the ones a room may be measured for. */
  saved: SavedProduct[];
  onSaved: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(project));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setRoom = (index: number, key: "name" | "area_sqft" | "waste_percent", value: string) =>
    setDraft((current) => ({
      ...current,
      rooms: current.rooms.map((room, i) => (i === index ? { ...room, [key]: value } : room)),
    }));
  const setFloor = (index: number, value: string) => {
    const productId = value === "" ? null : Number(value);
    const choice = floorChoices(draft.rooms[index]).find((floor) => floor.id === productId);
    setDraft((current) => ({
      ...current,
      rooms: current.rooms.map((room, i) =>
        i === index ? { ...room, product_id: productId, product_name: choice?.name ?? null } : room,
      ),
    }));
  };
  // A room keeps the floor it was saved with even after that floor leaves the saved list.
  const floorChoices = (room: RoomDraft | undefined) => {
    const choices = saved.map((floor) => ({ id: floor.product_id, name: floor.name }));
    if (room?.product_id != null && !choices.some((floor) => floor.id === room.product_id))
      choices.unshift({ id: room.product_id, name: room.product_name ?? "This floor" });
    return choices;
  };

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = {
        name: draft.name,
        rooms: draft.rooms.map((room) => ({
          name: room.name,
          area_sqft: Number(room.area_sqft),
          waste_percent: Number(room.waste_percent),
          product_id: room.product_id,
        })),
      };
      await api(project ? `/api/account/projects/${project.id}` : "/api/account/projects", {
        method: project ? "PUT" : "POST",
        body,
      });
      await onSaved();
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not save this project. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={save}
      className="space-y-4 rounded-lg border border-stone-200 p-4"
      aria-label="Project"
    >
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          Project name
        </label>
        <input
          id={`${id}-name`}
          className="field-input"
          required
          value={draft.name}
          placeholder="Main floor remodel"
          onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
        />
      </div>
      {draft.rooms.map((room, index) => (
        <fieldset
          key={room.key}
          className="grid gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-[2fr_1fr_1fr_2fr_auto] sm:items-end"
        >
          <legend className="sr-only">Room {index + 1}</legend>
          <div>
            <label htmlFor={`${id}-room-${index}`} className="field-label">
              Room {index + 1}
            </label>
            <input
              id={`${id}-room-${index}`}
              className="field-input"
              required
              value={room.name}
              placeholder="Living room"
              onChange={(event) => setRoom(index, "name", event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-area-${index}`} className="field-label">
              Area (sq ft)
            </label>
            <input
              id={`${id}-area-${index}`}
              className="field-input"
              inputMode="decimal"
              required
              value={room.area_sqft}
              onChange={(event) => setRoom(index, "area_sqft", event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-waste-${index}`} className="field-label">
              Waste (%)
            </label>
            <input
              id={`${id}-waste-${index}`}
              className="field-input"
              inputMode="numeric"
              required
              value={room.waste_percent}
              onChange={(event) => setRoom(index, "waste_percent", event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-floor-${index}`} className="field-label">
              Floor (optional)
            </label>
            <select
              id={`${id}-floor-${index}`}
              className="field-input"
              value={room.product_id ?? ""}
              onChange={(event) => setFloor(index, event.target.value)}
            >
              <option value="">
                {saved.length === 0 ? "Save a floor to pick it" : "None yet"}
              </option>
              {floorChoices(room).map((floor) => (
                <option key={floor.id} value={floor.id}>
                  {floor.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="min-h-6 text-sm font-semibold text-red-800 hover:underline"
            aria-label={`Remove room ${index + 1}`}
            onClick={() =>
              setDraft((current) => ({
                ...current,
                rooms: current.rooms.filter((_, i) => i !== index),
              }))
            }
          >
            Remove
          </button>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          onClick={() =>
            setDraft((current) => ({ ...current, rooms: [...current.rooms, newRoom()] }))
          }
        >
          Add a room
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          Save project
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Projects: named rooms with their measurements, the boxes they need and samples ordered. */
export function AccountProjects({
  projects,
  saved,
  onChange,
}: {
  projects: Project[];
  saved: SavedProduct[];
  onChange: (projects: Project[]) => void;
}) {
  const [editing, setEditing] = useState<Project | "new" | null>(null);
  const reload = async () => {
    onChange((await api<{ projects: Project[] }>("/api/account/projects")).projects);
    setEditing(null);
  };
  const remove = async (project: Project) => {
    await api(`/api/account/projects/${project.id}`, { method: "DELETE" }).catch(() => {});
    await reload();
  };

  return (
    <div className="space-y-4">
      {projects.length === 0 && !editing ? (
        <p className="text-stone-600">
          Keep each room's measurements here: the boxes you need and the samples you ordered stay
          with them.
        </p>
      ) : null}
      {projects.map((project) =>
        editing !== "new" && editing?.id === project.id ? (
          <ProjectForm
            key={project.id}
            project={project}
            saved={saved}
            onSaved={reload}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <article
            key={project.id}
            className="rounded-lg border border-stone-200 p-4"
            data-project={project.name}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-semibold text-navy-800">{project.name}</h3>
              <div className="flex gap-3 text-sm">
                <button
                  type="button"
                  className="min-h-6 font-semibold text-oak-700 hover:underline"
                  onClick={() => setEditing(project)}
                >
                  Open
                </button>
                <button
                  type="button"
                  className="min-h-6 font-semibold text-red-800 hover:underline"
                  onClick={() => remove(project)}
                >
                  Remove
                </button>
              </div>
            </div>
            <ul className="mt-2 space-y-1 text-sm text-stone-800">
              {project.rooms.map((room) => (
                <li key={room.id}>
                  <span className="font-semibold">{room.name}</span>: {room.area_sqft} sq ft +{" "}
                  {room.waste_percent}% waste = {room.sqft_with_waste} sq ft
                  {room.product_name && room.product_id !== null ? (
                    <>
                      {" · "}
                      <Link
                        to={`/products/${room.product_id}`}
                        className="text-oak-700 hover:underline"
                      >
                        {room.product_name}
                      </Link>
                      {room.boxes_needed !== null ? `: ${room.boxes_needed} boxes` : ""}
                      {room.sample_ordered ? " · sample ordered" : ""}
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </article>
        ),
      )}
      {editing === "new" ? (
        <ProjectForm
          project={null}
          saved={saved}
          onSaved={reload}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="btn-outline" onClick={() => setEditing("new")}>
          New project
        </button>
      )}
    </div>
  );
}
